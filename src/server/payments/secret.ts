import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const cache = new Map<string, string>();

/**
 * A server secret: the environment variable when set, otherwise one generated once into
 * DATA_DIR (mode 0600) so a fresh machine works and restarts keep signatures valid.
 */
export function getServerSecret(envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv && fromEnv.length >= 16) return fromEnv;
  const cached = cache.get(fileName);
  if (cached) return cached;
  const dir = path.resolve(process.env.DATA_DIR ?? 'data');
  const file = path.join(dir, fileName);
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    secret = randomBytes(32).toString('base64url');
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      secret = readFileSync(file, 'utf8').trim(); // another process wrote it first
    }
  }
  cache.set(fileName, secret);
  return secret;
}

export function getWebhookSecret(): string {
  return getServerSecret('PAYMENT_WEBHOOK_SECRET', 'payment-webhook-secret');
}
