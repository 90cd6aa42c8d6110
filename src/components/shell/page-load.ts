import type { AstroGlobal } from 'astro';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../../server/db/client.ts';

/**
 * Marks the page's answer as a load error: 503 while the database is unreachable (with
 * Retry-After), 500 for anything else; never cached. The page then shows a retry button.
 */
export function markLoadError(astro: AstroGlobal, error: unknown): 500 | 503 {
  console.error(`[page] ${astro.url.pathname}: load failed`, error);
  const unavailable = isDatabaseUnavailable(error);
  const status = unavailable ? 503 : 500;
  astro.response.status = status;
  astro.response.headers.set('cache-control', 'no-store');
  if (unavailable) astro.response.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
  return status;
}

/** Runs a page's reads; null when they failed (the answer is then marked as above). */
export async function loadOrNull<T>(astro: AstroGlobal, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    markLoadError(astro, error);
    return null;
  }
}
