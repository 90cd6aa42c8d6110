// Reloads a page that failed to load after a growing delay (RetryLink.astro).
// Part of the one page script (shop-page.ts), so it runs on every shop page and does nothing
// where its markup is absent.
import { getRetryDelay } from '#lib/load-retry.ts';
import { sessionState } from '../stored-state.ts';

const KEY = 'fronteira:load-retry';
// Older counts belong to an earlier failure of this address, not to this series of reloads.
const SERIES_MS = 30_000;

interface Attempt {
  href: string;
  attempt: number;
  at: number;
}

function readAttempt(): number {
  try {
    const stored = JSON.parse(sessionState.get(KEY) ?? 'null') as Attempt | null;
    return stored && stored.href === location.href && Date.now() - stored.at < SERIES_MS ? stored.attempt : 0;
  } catch {
    return 0;
  }
}

/** The retry link of a page that failed to load, and its automatic retries. */
export function startRetryLink(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-retry-link]');
  if (link) {
    const attempt = readAttempt() + 1;
    const delay = getRetryDelay(attempt);
    link.addEventListener('click', () => sessionState.remove(KEY));
    if (delay !== null) {
      setTimeout(() => {
        sessionState.set(KEY, JSON.stringify({ href: location.href, attempt, at: Date.now() } satisfies Attempt));
        location.reload();
      }, delay);
    }
  }
}
