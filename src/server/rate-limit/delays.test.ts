import { describe, expect, it } from 'vitest';
import { DELAYS } from './index.ts';
import { getDelaySeconds } from './service.ts';

describe('getDelaySeconds (sign-in slows down, never locks)', () => {
  it('lets ten tries through, then doubles the wait up to fifteen minutes', () => {
    const rule = DELAYS.loginAccountIp;
    expect([0, 1, 9].map((n) => getDelaySeconds(rule, n))).toEqual([0, 0, 0]);
    expect([10, 11, 12, 13, 14, 15].map((n) => getDelaySeconds(rule, n))).toEqual([30, 60, 120, 240, 480, 900]);
    expect(getDelaySeconds(rule, 500)).toBe(900);
  });
});
