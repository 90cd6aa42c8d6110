import type { AstroGlobal } from 'astro';
import { toLoggedError, toServerErrorStatus } from '#server/http/server-error.ts';

/**
 * Marks the page's answer as a load error: 503 while the database is unreachable (with
 * Retry-After), 500 for anything else; never cached. The page then shows a retry button.
 */
export function markLoadError(astro: AstroGlobal, error: unknown): 500 | 503 {
  console.error(`[page] ${astro.url.pathname}: load failed`, toLoggedError(error));
  const { status, headers } = toServerErrorStatus(error);
  astro.response.status = status;
  for (const [name, value] of Object.entries(headers)) astro.response.headers.set(name, value);
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
