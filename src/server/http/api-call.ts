import type { APIContext, AstroCookies } from 'astro';
import { toResponse, type ApiResult, type BodySource, type CookieChange, type HeaderReader } from './responses.ts';

/**
 * One API request as route code sees it, framework-free: Astro endpoints build it from their
 * context (below), server.mjs's fast routes from Node's request (fast-routes.ts). Cookies are
 * read here and set through the result (`ApiResult.cookies`); files and redirects are results too.
 */
export interface ApiCall {
  /** The route's one path parameter ([id], or the name toAstroRoute was given), as Astro would decode it. */
  id: string;
  /** Every path parameter by name (routes with two, such as {uid}/{token}). */
  params: Readonly<Record<string, string | undefined>>;
  method: string;
  url: URL;
  headers: HeaderReader;
  body: BodySource;
  /**
   * The shopper's request facts; `staff` on panel paths only (the staff session). Astro's
   * App.Locals (src/env.d.ts) names them, so these HTTP helpers import no domain and no entry.
   */
  locals: App.Locals;
  cookies: { get(name: string): string | undefined };
  /** The socket's address ('' when unknown); rate limits read it through rate-limit/routes.ts. */
  clientAddress: string;
}

export type ApiHandler = (call: ApiCall) => Promise<ApiResult>;

function readClientAddress(context: APIContext): string {
  try {
    return context.clientAddress;
  } catch {
    return ''; // Astro throws when the adapter knows no address
  }
}

/** The ApiCall of an Astro endpoint's context. */
export function toApiCall(context: APIContext, param = 'id'): ApiCall {
  const { params, url, request, locals } = context;
  return {
    id: params[param] ?? '',
    params,
    method: request.method,
    url,
    headers: request.headers,
    body: {
      contentType: request.headers.get('content-type'),
      contentLength: request.headers.get('content-length'),
      text: () => request.text(),
      stream: () => request.body,
    },
    locals,
    cookies: { get: (name) => context.cookies.get(name)?.value },
    clientAddress: readClientAddress(context),
  };
}

/** Sets or clears (null value) a cookie through Astro's cookie API, which keeps one per name. */
export function applyCookie(cookies: AstroCookies, { name, value, options }: CookieChange): void {
  if (value !== null) return cookies.set(name, value, options);
  const { maxAge: _ignored, ...rest } = options;
  cookies.delete(name, rest);
}

/** The result as Astro's answer, its cookie changes applied. */
function toAstroResponse(context: APIContext, result: ApiResult): Response {
  for (const cookie of result.cookies ?? []) applyCookie(context.cookies, cookie);
  return toResponse(result);
}

/** An Astro endpoint that runs `handler`: the same code the fast routes run. */
export function toAstroRoute(handler: ApiHandler, param = 'id') {
  return async (context: APIContext): Promise<Response> => toAstroResponse(context, await handler(toApiCall(context, param)));
}
