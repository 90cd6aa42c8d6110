/**
 * When a serving process dies, how long to wait before the next one starts (the supervisor of
 * `npm start` and the cluster primary of WEB_CONCURRENCY > 1 share this rule). A process that
 * served for a while is replaced almost at once; deaths in a row wait longer each time, up to a
 * ceiling, and the shop never gives up as a whole: a database or disk that comes back later
 * finds it trying again.
 */
export const QUICK_DEATH_MS = 30_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

export interface RestartBackoff {
  /** Called when a process died after living `livedMs`: the wait before starting the next. */
  nextDelayMs(livedMs: number): number;
}

export function getRestartDelayMs(quickDeathsInARow: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, quickDeathsInARow - 1), MAX_DELAY_MS);
}

export function createRestartBackoff(): RestartBackoff {
  let quickDeaths = 0;
  return {
    nextDelayMs(livedMs) {
      quickDeaths = livedMs < QUICK_DEATH_MS ? quickDeaths + 1 : 1;
      return getRestartDelayMs(quickDeaths);
    },
  };
}
