/**
 * The load retry rule of storefront spec sections 4 and 9: a failed load is tried again up to
 * 3 times, waiting 2 s times the attempt number (2 s, 4 s, 6 s); a manual retry starts over.
 */
export const LOAD_RETRIES = 3;
export const LOAD_RETRY_STEP_MS = 2000;

/** Wait before retry number `attempt` (1-based), or null when no retry is left. */
export function getRetryDelay(attempt: number): number | null {
  return attempt >= 1 && attempt <= LOAD_RETRIES ? LOAD_RETRY_STEP_MS * attempt : null;
}

/** Runs `load`, retrying on failure by the rule above; the last failure is thrown. */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = getRetryDelay(attempt);
      if (delay === null) throw error;
      await wait(delay);
    }
  }
}
