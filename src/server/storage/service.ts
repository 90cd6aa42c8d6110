// Stored files (decision 0720): where their bytes live (FileStore; the PostgreSQL one is
// repository.ts) and identity documents encrypted at rest. No endpoints or refusals: no routes.ts
// or errors.ts. Checking an upload by content belongs to its domain (customer-documents/
// document-check.ts, catalogue-media/pictures.ts).
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { getServerSecret } from '../secrets/index.ts';
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
}

/*
 * Identity documents at rest: AES-256-GCM with the key from env DOCUMENTS_KEY, else the key
 * every process of the shop shares (src/server/secrets/). The encrypted bytes go to a
 * FileStore (PostgreSQL: every process reads them) under generated names: magic | iv | tag |
 * ciphertext. Files an earlier version wrote under DATA_DIR/documents are still read.
 */
const MAGIC = Buffer.from('FRD1');

function getDataDir(): string {
  return path.resolve(getConfig().DATA_DIR);
}

let key: Buffer | undefined;

/** DOCUMENTS_KEY (64 hex chars used as is, any other secret hashed to 32 bytes), else generated once. */
function getKey(): Buffer {
  if (key) return key;
  const secret = getServerSecret('DOCUMENTS_KEY', 'documents-key');
  key = /^[0-9a-f]{64}$/i.test(secret) ? Buffer.from(secret, 'hex') : createHash('sha256').update(secret).digest();
  return key;
}

function getFolder(): string {
  return path.join(getDataDir(), 'documents');
}

/** Encrypts and stores the bytes; answers the generated storage name. */
export async function storeEncrypted(store: FileStore, bytes: Buffer): Promise<string> {
  const key = getKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
  const name = `${randomUUID()}.bin`;
  await store.put(name, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), ciphertext]));
  return name;
}

export async function readDecrypted(store: FileStore, name: string): Promise<Buffer> {
  if (!/^[0-9a-f-]{36}\.bin$/.test(name)) throw new Error('bad storage name');
  const data = (await store.get(name)) ?? (await readFile(path.join(getFolder(), name)));
  if (!data.subarray(0, 4).equals(MAGIC)) throw new Error('not an encrypted document');
  const decipher = createDecipheriv('aes-256-gcm', getKey(), data.subarray(4, 16));
  decipher.setAuthTag(data.subarray(16, 32));
  return Buffer.concat([decipher.update(data.subarray(32)), decipher.final()]);
}
