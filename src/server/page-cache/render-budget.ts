/**
 * Renders of uncached pages per client address (issue 29 point 6): a token bucket each, in this
 * process's memory (a render costs this process's CPU, so its own count is the one that matters;
 * the PostgreSQL-backed limits of decision 0300 would add a round trip to every miss). A client
 * past its budget is told to come back later while other clients' pages still render.
 */
const MAX_TRACKED_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export interface RenderBudget {
  /** Takes one render from `client`'s budget: true when it had one. */
  take(client: string): boolean;
  /** Whole seconds until `client` has a render again (at least 1). */
  getRetryAfterS(client: string): number;
}

export function createRenderBudget(options: { perSecond: number; burst: number; now?: () => number }): RenderBudget {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();

  function refill(client: string): Bucket {
    const at = now();
    const bucket = buckets.get(client);
    const tokens = bucket ? Math.min(options.burst, bucket.tokens + ((at - bucket.at) / 1000) * options.perSecond) : options.burst;
    // Re-inserted last: the first entry is the client heard from longest ago, dropped first.
    buckets.delete(client);
    const refilled = { tokens, at };
    buckets.set(client, refilled);
    if (buckets.size > MAX_TRACKED_CLIENTS) buckets.delete(buckets.keys().next().value!);
    return refilled;
  }

  return {
    take(client) {
      const bucket = refill(client);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    getRetryAfterS(client) {
      const bucket = refill(client);
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
  };
}
