import { describe, expect, it } from 'vitest';
import { GatewayError } from './errors.ts';
import { retryTransient, toRetryAfterMs } from './provider.ts';

describe("a gateway's Retry-After (issue 32)", () => {
  it('reads delay-seconds and HTTP dates; nothing readable is null', () => {
    const now = Date.parse('2026-12-07T08:00:00Z');
    expect(toRetryAfterMs('3', now)).toBe(3000);
    expect(toRetryAfterMs('Mon, 07 Dec 2026 08:00:02 GMT', now)).toBe(2000);
    expect(toRetryAfterMs('Mon, 07 Dec 2026 07:00:00 GMT', now)).toBe(0);
    expect(toRetryAfterMs('soon', now)).toBeNull();
    expect(toRetryAfterMs(null, now)).toBeNull();
  });

  const quick = { attempts: 3, firstWaitMs: 1, maxWaitMs: 50 };
  const tooMany = (retryAfterMs: number | null) => new GatewayError('answered 429', 429, {}, retryAfterMs);

  it('a 429 asking for a wait within the bound is tried again after it', async () => {
    let calls = 0;
    const answer = await retryTransient(
      'test',
      async () => {
        calls += 1;
        if (calls === 1) throw tooMany(10);
        return 'created';
      },
      quick,
    );
    expect(answer).toBe('created');
    expect(calls).toBe(2);
  });

  it('a 429 asking for longer than the bound is not asked again before it said', async () => {
    let calls = 0;
    const attempt = async () => {
      calls += 1;
      throw tooMany(60_000);
    };
    await expect(retryTransient('test', attempt, quick)).rejects.toThrow('answered 429');
    expect(calls).toBe(1);
  });

  it('a refusal is never retried; transient failures stop at the attempts bound', async () => {
    let refusals = 0;
    await expect(
      retryTransient(
        'test',
        async () => {
          refusals += 1;
          throw new GatewayError('answered 400', 400, {});
        },
        quick,
      ),
    ).rejects.toThrow('answered 400');
    expect(refusals).toBe(1);
    let failures = 0;
    await expect(
      retryTransient(
        'test',
        async () => {
          failures += 1;
          throw new GatewayError('answered 503', 503, {});
        },
        quick,
      ),
    ).rejects.toThrow('answered 503');
    expect(failures).toBe(3);
  });
});
