import { describe, expect, it } from 'vitest';
import { createLogLimiter } from './limit.ts';

describe('rate-limited error log', () => {
  it('prints a few lines of each kind per window, then says how many it left out', () => {
    let now = 0;
    const lines: unknown[][] = [];
    const log = createLogLimiter({
      linesPerWindow: 3,
      windowMs: 10_000,
      clock: { now: () => new Date(now) },
      write: (...parts) => lines.push(parts),
    });
    for (let index = 0; index < 1000; index += 1) log(`[page] /produto/${index}: load failed`, 'ECONNREFUSED');
    log('[postgres] exited unexpectedly');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toEqual(['[postgres] exited unexpectedly']);
    now = 10_000;
    log('[page] /produto/1: load failed', 'again');
    expect(lines.slice(4)).toEqual([
      ['[log] 997 more lines like "[page] /produto/#: load failed" left out'],
      ['[page] /produto/1: load failed', 'again'],
    ]);
  });
});
