import { describe, expect, it } from 'vitest';
import { createRestartBackoff, getRestartDelayMs, QUICK_DEATH_MS } from './restart-backoff.ts';

describe('restart back-off', () => {
  it('grows with deaths in a row up to 30 s, and never refuses', () => {
    expect([1, 2, 3, 4, 8, 50, 1000].map(getRestartDelayMs)).toEqual([250, 500, 1000, 2000, 30_000, 30_000, 30_000]);
  });

  it('starts again from the shortest wait after a process that served for a while', () => {
    const backoff = createRestartBackoff();
    expect([backoff.nextDelayMs(10), backoff.nextDelayMs(10), backoff.nextDelayMs(10)]).toEqual([250, 500, 1000]);
    expect(backoff.nextDelayMs(QUICK_DEATH_MS)).toBe(250);
    expect(backoff.nextDelayMs(10)).toBe(500);
  });
});
