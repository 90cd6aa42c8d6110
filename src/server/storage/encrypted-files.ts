import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { getServerSecret } from '../secrets.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../config.ts';

/**
 * Identity documents at rest: AES-256-GCM with the key from env DOCUMENTS_KEY, else a key
 * generated once into DATA_DIR/secrets/documents-key (src/server/secrets.ts). Files live under
 * DATA_DIR/documents (outside the web root) with generated names: magic | iv | tag | ciphertext.
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
export async function storeEncrypted(bytes: Buffer): Promise<string> {
  const key = getKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
  const name = `${randomUUID()}.bin`;
  await mkdir(getFolder(), { recursive: true, mode: 0o700 });
  await writeFile(path.join(getFolder(), name), Buffer.concat([MAGIC, iv, cipher.getAuthTag(), ciphertext]), { mode: 0o600 });
  return name;
}

export async function readDecrypted(name: string): Promise<Buffer> {
  if (!/^[0-9a-f-]{36}\.bin$/.test(name)) throw new Error('bad storage name');
  const data = await readFile(path.join(getFolder(), name));
  if (!data.subarray(0, 4).equals(MAGIC)) throw new Error('not an encrypted document');
  const decipher = createDecipheriv('aes-256-gcm', getKey(), data.subarray(4, 16));
  decipher.setAuthTag(data.subarray(16, 32));
  return Buffer.concat([decipher.update(data.subarray(32)), decipher.final()]);
}

export function getStoragePath(name: string): string {
  return path.join(getFolder(), name);
}
