import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Identity documents at rest: AES-256-GCM with the key from env DOCUMENTS_KEY (64 hex chars or
 * 32 bytes base64), else a key generated once into DATA_DIR/documents.key. Files live under
 * DATA_DIR/documents (outside the web root) with generated names: magic | iv | tag | ciphertext.
 */
const MAGIC = Buffer.from('FRD1');

function getDataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? 'data');
}

let keyPromise: Promise<Buffer> | undefined;

async function loadKey(): Promise<Buffer> {
  const configured = process.env.DOCUMENTS_KEY?.trim();
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('DOCUMENTS_KEY must be 32 bytes (64 hex characters or base64)');
    return key;
  }
  const file = path.join(getDataDir(), 'documents.key');
  if (existsSync(file)) return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  await mkdir(getDataDir(), { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
  await chmod(file, 0o600).catch(() => undefined);
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
}

function getKey(): Promise<Buffer> {
  keyPromise ??= loadKey();
  return keyPromise;
}

function getFolder(): string {
  return path.join(getDataDir(), 'documents');
}

/** Encrypts and stores the bytes; answers the generated storage name. */
export async function storeEncrypted(bytes: Buffer): Promise<string> {
  const key = await getKey();
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
  const decipher = createDecipheriv('aes-256-gcm', await getKey(), data.subarray(4, 16));
  decipher.setAuthTag(data.subarray(16, 32));
  return Buffer.concat([decipher.update(data.subarray(32)), decipher.final()]);
}

export function getStoragePath(name: string): string {
  return path.join(getFolder(), name);
}
