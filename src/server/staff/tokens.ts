import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits for a cookie or a link; only the SHA-256 reaches the database. */
export function createStaffToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashStaffToken(token) };
}

export function hashStaffToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function isTokenShaped(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{40,64}$/.test(value);
}
