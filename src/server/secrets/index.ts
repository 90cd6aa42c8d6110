import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { keepSharedSecret } from './repository.ts';

/** The secrets every process of one shop must share, and their names under DATA_DIR/secrets. */
const SHARED_SECRETS = {
  DOCUMENTS_KEY: 'documents-key',
  SHIPPING_TOKEN_SECRET: 'shipping-token-secret',
  PAYMENT_WEBHOOK_SECRET: 'payment-webhook-secret',
  STAFF_TOTP_KEY: 'staff-totp-key',
} as const;
export type SecretName = keyof typeof SHARED_SECRETS;

const cache = new Map<string, string>();

function getSecretsDir(): string {
  return path.join(path.resolve(getConfig().DATA_DIR), 'secrets');
}

function readSecretFile(fileName: string): string | null {
  try {
    const value = readFileSync(path.join(getSecretsDir(), fileName), 'utf8').trim();
    return value.length >= 16 ? value : null;
  } catch {
    return null;
  }
}

function writeSecretFile(fileName: string, secret: string, flag: 'w' | 'wx'): void {
  mkdirSync(getSecretsDir(), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(getSecretsDir(), fileName), secret, { mode: 0o600, flag });
}

/**
 * A server secret: the environment variable `envName` when set (16+ characters); else the value
 * every process of this shop shares, loaded from the database at boot (loadSharedSecrets);
 * else (a tool or test outside a booted shop) the copy in DATA_DIR/secrets/`fileName`,
 * generated there once when missing.
 */
export function getServerSecret(envName: SecretName, fileName: string): string {
  const fromEnv = getConfig()[envName];
  if (fromEnv) return fromEnv;
  const cached = cache.get(fileName);
  if (cached) return cached;
  let secret = readSecretFile(fileName);
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    try {
      writeSecretFile(fileName, secret, 'wx');
    } catch {
      secret = readSecretFile(fileName) ?? secret; // another process wrote it first
    }
  }
  cache.set(fileName, secret);
  return secret;
}

/**
 * Called at boot, after migrations: each shared secret not set in the environment is taken
 * from the database; the first process to start stores it there (its DATA_DIR copy from an
 * earlier version when it has one, else a new random one), so several processes with
 * different DATA_DIRs sign and encrypt alike. The DATA_DIR copy is refreshed for local tools.
 */
export async function loadSharedSecrets(db: Queryable): Promise<void> {
  for (const [envName, fileName] of Object.entries(SHARED_SECRETS) as [SecretName, string][]) {
    if (getConfig()[envName]) continue;
    const local = readSecretFile(fileName);
    const shared = await keepSharedSecret(db, fileName, local ?? randomBytes(32).toString('base64url'));
    cache.set(fileName, shared);
    if (local !== shared) writeSecretFile(fileName, shared, 'w');
  }
}

/** Signs delivery options (src/server/shipping/delivery-token.ts). Env: SHIPPING_TOKEN_SECRET. */
export function getShippingTokenSecret(): string {
  return getServerSecret('SHIPPING_TOKEN_SECRET', 'shipping-token-secret');
}
