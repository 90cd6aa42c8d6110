// Customers' and staff's passwords (argon2id): the accounts rules file that staff/ and the
// command line (scripts/staff.mjs) import without the rest of accounts (its mail, orders, PDFs).
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password-Aa1!');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
