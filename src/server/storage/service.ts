// Stored files (decision 0720): where their bytes live (FileStore; the PostgreSQL one is
// repository.ts) and identity documents encrypted at rest. No endpoints or refusals: no routes.ts
// or errors.ts. Checking an upload by content belongs to its domain (customer-documents/
// document-check.ts, catalogue-media/pictures.ts).
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { getOverriddenSecret, getServerSecret } from '../secrets/index.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../config.ts';

/**
 * Where stored files' bytes live: one small interface, so the shop can keep them in PostgreSQL
 * (every process reads them, whatever its DATA_DIR: repository.ts) or, later, in an
 * S3-compatible store, without its callers changing.
 */
export interface FileStore {
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under that name. */
  get(name: string): Promise<Buffer | null>;
  /** Writes bytes under a name, over what it held (a document re-encrypted under a new key). */
  replace(name: string, bytes: Buffer): Promise<void>;
}

/*
 * Identity documents at rest: AES-256-GCM with the key from env DOCUMENTS_KEY, else the key
 * every process of the shop shares (src/server/secrets/). The encrypted bytes go to a
 * FileStore (PostgreSQL: every process reads them) under generated names: magic | iv | tag |
 * ciphertext. Files an earlier version wrote under DATA_DIR/documents are still read.
 * A document written under an earlier key (DOCUMENTS_KEY_PREVIOUS, or the database-kept key
 * from before DOCUMENTS_KEY was set) is still read; `npm run secrets -- rotate-documents-key`
 * re-encrypts it under the current key (README "Backup, restore and keys").
 */
const MAGIC = Buffer.from('FRD1');

function getDataDir(): string {
  return path.resolve(getConfig().DATA_DIR);
}

function toKey(secret: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(secret) ? Buffer.from(secret, 'hex') : createHash('sha256').update(secret).digest();
}

let key: Buffer | undefined;

/** DOCUMENTS_KEY (64 hex chars used as is, any other secret hashed to 32 bytes), else generated once. */
function getKey(): Buffer {
  key ??= toKey(getServerSecret('DOCUMENTS_KEY', 'documents-key'));
  return key;
}

/** The keys that may have written a stored document, the current one first. */
function getReadingKeys(): Buffer[] {
  const earlier = [getConfig().DOCUMENTS_KEY_PREVIOUS, getOverriddenSecret('DOCUMENTS_KEY')];
  return [getKey(), ...earlier.filter((secret): secret is string => Boolean(secret)).map(toKey)];
}

function getFolder(): string {
  return path.join(getDataDir(), 'documents');
}

function encrypt(bytes: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), ciphertext]);
}

/** Encrypts and stores the bytes; answers the generated storage name. */
export async function storeEncrypted(store: FileStore, bytes: Buffer): Promise<string> {
  const name = `${randomUUID()}.bin`;
  await store.put(name, encrypt(bytes));
  return name;
}

function decrypt(data: Buffer, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(4, 16));
  decipher.setAuthTag(data.subarray(16, 32));
  return Buffer.concat([decipher.update(data.subarray(32)), decipher.final()]);
}

/** The plain bytes and whether the current key wrote them (GCM refuses a wrong key). */
async function openDocument(store: FileStore, name: string): Promise<{ bytes: Buffer; underCurrentKey: boolean }> {
  if (!/^[0-9a-f-]{36}\.bin$/.test(name)) throw new Error('bad storage name');
  const data = (await store.get(name)) ?? (await readFile(path.join(getFolder(), name)));
  if (!data.subarray(0, 4).equals(MAGIC)) throw new Error('not an encrypted document');
  const keys = getReadingKeys();
  for (const [index, candidate] of keys.entries()) {
    try {
      return { bytes: decrypt(data, candidate), underCurrentKey: index === 0 };
    } catch {
      // written under another key: try the next one
    }
  }
  throw new Error(`document ${name} opens with none of the ${keys.length} documents keys known (DOCUMENTS_KEY, DOCUMENTS_KEY_PREVIOUS)`);
}

export async function readDecrypted(store: FileStore, name: string): Promise<Buffer> {
  return (await openDocument(store, name)).bytes;
}

/** Encrypts a document again under the current key when an earlier key wrote it; answers whether it did. */
export async function reencryptUnderCurrentKey(store: FileStore, name: string): Promise<boolean> {
  const { bytes, underCurrentKey } = await openDocument(store, name);
  if (underCurrentKey) return false;
  await store.replace(name, encrypt(bytes));
  return true;
}
