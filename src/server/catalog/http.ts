import type { APIContext } from 'astro';
import { toLoggedError } from '../http/server-error.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/client.ts';
import { json, jsonError } from '../http/responses.ts';

/** Catalogue answers may be cached by browsers briefly and by shared caches (CDN) longer. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

export function catalogJson(data: unknown): Response {
  return json(data, { headers: { 'cache-control': CATALOG_CACHE_CONTROL } });
}

/**
 * Runs an endpoint; an unexpected failure becomes a JSON 500 (logged), never an HTML page; an
 * unreachable database a 503 the client may retry.
 * The time spent is reported in a Server-Timing header (the benchmark reads it).
 */
export async function handleCatalogRequest(context: APIContext, work: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  try {
    const response = await work();
    response.headers.set('server-timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
    return response;
  } catch (error) {
    console.error(`[catalog] ${context.request.method} ${context.url.pathname} failed`, toLoggedError(error));
    const t = createTranslator(commonMessages, context.locals.locale);
    if (isDatabaseUnavailable(error))
      return jsonError(503, t('serviceUnavailable'), undefined, { headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) } });
    return jsonError(500, t('serverError'));
  }
}
