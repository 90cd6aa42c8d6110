import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInTurns } from './run-in-turns.ts';

describe('runInTurns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("runs the steps in order, none of them in the caller's task", async () => {
    const seen: string[] = [];
    const done = runInTurns([() => seen.push('first'), () => seen.push('second')]);
    seen.push('caller');
    await done;
    expect(seen).toEqual(['caller', 'first', 'second']);
  });

  it('gives other tasks a turn between two steps', async () => {
    const seen: string[] = [];
    await runInTurns([
      () => {
        seen.push('first');
        setTimeout(() => seen.push('task queued by the first step'), 0);
      },
      () => seen.push('second'),
    ]);
    expect(seen).toEqual(['first', 'task queued by the first step', 'second']);
  });

  it('reports a step that throws and still runs the ones after it', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const seen: string[] = [];
    await runInTurns([
      () => {
        throw new Error('broken part');
      },
      () => seen.push('next part'),
    ]);
    expect(seen).toEqual(['next part']);
    expect(reported).toEqual([new Error('broken part')]);
  });
});
