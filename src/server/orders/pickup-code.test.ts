import { describe, expect, it } from 'vitest';
import { createPickupCode, PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from './pickup-code.ts';

describe('pickup code', () => {
  it('has 8 characters from the unambiguous alphabet and does not repeat', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const code = createPickupCode();
      expect(code).toHaveLength(PICKUP_CODE_LENGTH);
      for (const char of code) expect(PICKUP_CODE_ALPHABET).toContain(char);
      codes.add(code);
    }
    expect(codes.size).toBe(2000);
    expect(PICKUP_CODE_ALPHABET).not.toMatch(/[0O1IL5S2Z]/);
  });
});
