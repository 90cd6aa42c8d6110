import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import bwipjs from 'bwip-js/node';
import { generateSecret, generateURI, verify } from 'otplib';
import { getServerSecret } from '../secrets/index.ts';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) for admins. The secret is kept AES-256-GCM encrypted
 * with STAFF_TOTP_KEY (else a key generated once under DATA_DIR/secrets), and shown only at
 * enrolment: as a QR code (bwip-js) and as text.
 */
const ISSUER = 'Fronteira';
/** One step either side: phone clocks drift. */
const TOLERANCE_S = 30;
const PERIOD_S = 30;

function getKey(): Buffer {
  return createHash('sha256').update(getServerSecret('STAFF_TOTP_KEY', 'staff-totp-key')).digest();
}

export function encryptTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function decryptTotpSecret(stored: string): string {
  const data = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', getKey(), data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}

export function createTotpSecret(): string {
  return generateSecret();
}

export async function getEnrolmentQr(secret: string, email: string): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  const png = await bwipjs.toBuffer({ bcid: 'qrcode', text: uri, scale: 4, padding: 2 });
  return { uri, qrDataUrl: `data:image/png;base64,${png.toString('base64')}` };
}

/** The RFC 6238 time step the code belongs to, or null when it is not a valid code now. */
export async function checkTotpCode(secret: string, code: string, nowMs: number): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({ secret, token, epoch, epochTolerance: TOLERANCE_S }).catch(() => null);
  return result?.valid ? Math.floor(epoch / PERIOD_S) + result.delta : null;
}

/** Recovery codes shown at enrolment, each usable once instead of a TOTP code. */
export const RECOVERY_CODE_COUNT = 10;

/** One recovery code: 80 random bits as 20 hex digits in groups of four ('3f9a-…'). */
function createRecoveryCode(): string {
  return randomBytes(10).toString('hex').match(/.{4}/g)?.join('-') ?? '';
}

export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, createRecoveryCode);
}

/** Whether typed text can be a recovery code (spaces, dashes and case aside), not a TOTP code. */
export function isRecoveryCodeShaped(typed: string): boolean {
  return /^[0-9a-f]{20}$/.test(typed.replace(/[\s-]/g, '').toLowerCase());
}

/** What is stored of a code: SHA-256 of its 20 digits, however it was typed. */
export function hashRecoveryCode(typed: string): Buffer {
  return createHash('sha256').update(typed.replace(/[\s-]/g, '').toLowerCase()).digest();
}
