import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig } from './config.ts';

const cache = new Map<string, string>();

/**
 * A server secret: the environment variable `envName` when set (16+ characters), otherwise 32
 * random bytes generated once into DATA_DIR/secrets/`fileName` (mode 0600), so a fresh machine
 * works and restarts keep earlier signatures valid. Reusable by any domain.
 */
export function getServerSecret(envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv && fromEnv.length >= 16) return fromEnv;
  const cached = cache.get(fileName);
  if (cached) return cached;
  const dir = path.join(path.resolve(getConfig().DATA_DIR), 'secrets');
  const file = path.join(dir, fileName);
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    secret = randomBytes(32).toString('base64url');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      secret = readFileSync(file, 'utf8').trim(); // another process wrote it first
    }
  }
  cache.set(fileName, secret);
  return secret;
}

/** Signs delivery options (src/server/shipping/delivery-token.ts). Env: SHIPPING_TOKEN_SECRET. */
export function getShippingTokenSecret(): string {
  return getServerSecret('SHIPPING_TOKEN_SECRET', 'shipping-token-secret');
}
