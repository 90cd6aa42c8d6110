import { describe, expect, it } from 'vitest';
import { createPickupCode, PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from './pickup-code.ts';

describe('pickup code', () => {
  it('has 8 characters from the unambiguous alphabet and does not repeat', () => {
    const pattern = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);
    const codes = Array.from({ length: 1000 }, () => createPickupCode());
    expect(codes.filter((code) => !pattern.test(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(PICKUP_CODE_ALPHABET).not.toMatch(/[0O1IL5S2Z]/);
  });
});
