import { describe, expect, it } from 'vitest';
import { getRetryDelay, loadWithRetries } from './load-retry.ts';

describe('load retries', () => {
  it('waits 2 s, 4 s and 6 s, then gives up', () => {
    expect([1, 2, 3, 4].map(getRetryDelay)).toEqual([2000, 4000, 6000, null]);
  });

  it('returns the first success and throws the fourth failure', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    let calls = 0;
    await expect(loadWithRetries(async () => (++calls < 3 ? Promise.reject(new Error('down')) : 'page'), wait)).resolves.toBe('page');
    expect(waits).toEqual([2000, 4000]);
    calls = 0;
    waits.length = 0;
    await expect(loadWithRetries(async () => Promise.reject(new Error(`down ${++calls}`)), wait)).rejects.toThrow('down 4');
    expect(waits).toEqual([2000, 4000, 6000]);
  });
});
