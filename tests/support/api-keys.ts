import { createHash, randomBytes } from 'node:crypto';
import type { ApiScope } from '#lib/contract/erp-api.ts';
import { getTestDb } from './api.ts';

/** The SHA-256 the shop keeps of a key (decision 0810): finds its row. */
export function toKeyHash(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/**
 * A live ERP key straight in the table (the panel's own flow has its tests), made by `createdBy`
 * when given, answering in `locale` (the column's default, es-PY, when not given).
 */
export async function createKey(
  scopes: ApiScope[],
  createdBy: number | null = null,
  options: { locale?: 'es-PY' | 'pt-BR' } = {},
): Promise<string> {
  const secret = `frt_${randomBytes(32).toString('base64url')}`;
  await getTestDb().query(`INSERT INTO api_keys (name, prefix, key_hash, scopes, created_by, locale) VALUES ($1, $2, $3, $4, $5, $6)`, [
    `test ${randomBytes(4).toString('hex')}`,
    secret.slice(0, 12),
    toKeyHash(secret),
    scopes,
    createdBy,
    options.locale ?? 'es-PY',
  ]);
  return secret;
}
