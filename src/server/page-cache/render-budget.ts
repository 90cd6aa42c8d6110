/**
 * Renders of uncached pages per client address (issue 29 point 6), in this process's memory (a
 * render costs this process's CPU and pool, so its own count is the one that matters; the
 * PostgreSQL-backed limits of decision 0300 would add a round trip to every miss): a token bucket
 * each for how many renders it starts, and a line so that one client has one render running at a
 * time. A costly search rendered at the bucket's rate still piled up (measured: 20 at once, each
 * holding a pool connection, and other clients waited for the pool); one at a time bounds what a
 * client takes from the others whatever a render costs. A client past its budget or whose line is
 * full is told to come back later while other clients' pages still render.
 */
const MAX_TRACKED_CLIENTS = 10_000;
/** Renders of one client running at once; the next ones wait their turn (a browser asks one page at a time). */
const RENDERS_AT_ONCE = 1;
/** Renders of one client waiting their turn; past it the request is refused. */
const MAX_WAITING = 16;

interface Bucket {
  tokens: number;
  at: number;
}

export interface RenderBudget {
  /** Takes one render from `client`'s budget: true when it had one. */
  take(client: string): boolean;
  /** Whole seconds until `client` has a render again (at least 1). */
  getRetryAfterS(client: string): number;
  /**
   * Runs `render` (settling when its render has ended) now when `client` has none running, else
   * after the ones before it; false, running nothing, when its line is full.
   */
  enqueue(client: string, render: () => Promise<unknown>): boolean;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
}

export function createRenderBudget(options: { perSecond: number; burst: number; now?: () => number }): RenderBudget {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  const lanes = new Map<string, Lane>();

  function start(client: string, lane: Lane, render: () => Promise<unknown>): void {
    lane.running += 1;
    void render()
      .catch(() => undefined) // the render answers its own failure; the turn passes on all the same
      .finally(() => {
        lane.running -= 1;
        const next = lane.waiting.shift();
        if (next) next();
        else if (lane.running === 0) lanes.delete(client);
      });
  }

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
    enqueue(client, render) {
      const lane = lanes.get(client) ?? { running: 0, waiting: [] };
      lanes.set(client, lane);
      if (lane.running < RENDERS_AT_ONCE) start(client, lane, render);
      else if (lane.waiting.length < MAX_WAITING) lane.waiting.push(() => start(client, lane, render));
      else return false;
      return true;
    },
    getRetryAfterS(client) {
      const bucket = refill(client);
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
  };
}
