import type { APIContext } from 'astro';
import type { RequestLocals } from '../entry/request-context.ts';
import { toResponse, type ApiResult, type BodySource } from './responses.ts';

/**
 * One API request as route code sees it, framework-free: Astro endpoints build it from their
 * context (below), server.mjs's fast routes from Node's request (fast-routes.ts).
 */
export interface ApiCall {
  /** The route's one path parameter ([id], or the name toAstroRoute was given), as Astro would decode it. */
  id: string;
  url: URL;
  body: BodySource;
  locals: RequestLocals;
}

export type ApiHandler = (call: ApiCall) => Promise<ApiResult>;

/** An Astro endpoint that runs `handler`: the same code the fast routes run. */
export function toAstroRoute(handler: ApiHandler, param = 'id') {
  return async ({ params, url, request, locals }: APIContext): Promise<Response> =>
    toResponse(
      await handler({
        id: params[param] ?? '',
        url,
        body: { contentType: request.headers.get('content-type'), text: () => request.text() },
        locals,
      }),
    );
}
