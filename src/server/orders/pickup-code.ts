import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L, 5/S or 2/Z look-alikes: a code read out over the counter cannot be misheard. */
export const PICKUP_CODE_ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';
export const PICKUP_CODE_LENGTH = 8;

/** 27^8 ≈ 2.8e11 codes from a CSPRNG: unguessable, still short enough to read out. */
export function createPickupCode(): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i += 1) code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}
