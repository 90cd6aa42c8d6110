// The hot cart and shipping routes served straight from Node's request, without Astro's request
// pipeline (route matching, Request/Response conversion, middleware sequencing): about half of
// a cart change's Node time went there (decision 0206). Same rules, same code: the middleware's
// rules come from request-context.ts and the routes from cart/routes.ts and shipping/routes.ts,
// which Astro's endpoint files run too. Anything unusual is handed to Astro untouched.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { SESSION_COOKIE } from '../accounts/service.ts';
import { getCart, postCart, putCart } from '../cart/routes.ts';
import { calculateShippingRoute, listPickupPointsRoute } from '../shipping/index.ts';
import type { ApiHandler } from '../http/api-call.ts';
import type { Storefront } from '#lib/locale.ts';
import { readCookie } from '#lib/cookies.ts';
import { BODY_SIZE_LIMIT_BYTES } from '../http/body-limit.ts';
import { addShellHeaders, LANG_COOKIE, resolveRequestContext } from './request-context.ts';
import { toJsonHeaders, type ApiResult } from '../http/responses.ts';
import { toLoggedError, toServerErrorResult } from '../http/server-error.ts';
import { toLoggedPath } from '../log/index.ts';

// Only plain ids: anything Astro would have to decode (or a trailing slash) goes to Astro.
const CART_PATH = /^\/ecom\/venda\/carrinho(?:\/([A-Za-z0-9_-]+)(\/calcular-frete|\/pontos-entrega)?)?$/;
const ROUTES: Record<string, ApiHandler> = {
  'POST ': postCart,
  'GET /': getCart,
  'PUT /': putCart,
  'PUT /calcular-frete': calculateShippingRoute,
  'GET /pontos-entrega': listPickupPointsRoute,
};

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_SIZE_LIMIT_BYTES) return reject(new Error('body size limit exceeded'));
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('aborted')));
  });
}

/** `shell`: the storefront whose headers the middleware adds to every answer that got past its checks. */
function writeResult(res: ServerResponse, result: ApiResult, shell: Storefront | null): void {
  // The fast routes (cart and shipping JSON) set no cookies and answer no files.
  if (result.cookies?.length || result.raw !== undefined) throw new Error('fast routes answer JSON only');
  const headers = toJsonHeaders(result.headers);
  if (shell) addShellHeaders(headers, shell);
  const body = JSON.stringify(result.body);
  headers.set('content-length', String(Buffer.byteLength(body)));
  res.writeHead(result.status, Object.fromEntries(headers));
  res.end(body);
}

/** The URL Astro's Node adapter builds for this request, or null when it would fall back. */
function toRequestUrl(req: IncomingMessage): URL | null {
  const host = req.headers.host;
  if (typeof host !== 'string' || !req.url?.startsWith('/')) return null;
  const protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  return URL.canParse(`${protocol}://${host}${req.url}`) ? new URL(`${protocol}://${host}${req.url}`) : null;
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  id: string,
  handler: ApiHandler,
  toAstro: () => void,
): Promise<void> {
  const headers = {
    get: (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    },
  };
  const cookie = req.headers.cookie;
  let context;
  try {
    context = await resolveRequestContext({
      method: req.method ?? 'GET',
      headers,
      url,
      sessionCookie: readCookie(cookie, SESSION_COOKIE),
      langCookie: readCookie(cookie, LANG_COOKIE),
    });
  } catch {
    return toAstro(); // nothing read yet: Astro answers it as it always did (its error page)
  }
  if (!context.ok) return writeResult(res, context.result, null);
  // Clearing an ended session's cookie is Astro's cookie code: let it answer (rare).
  if (context.sessionEnded) return toAstro();
  const { locals } = context;
  try {
    const result = await handler({
      id,
      params: { id },
      method: req.method ?? 'GET',
      url,
      headers,
      body: {
        contentType: headers.get('content-type'),
        contentLength: headers.get('content-length'),
        text: () => readText(req),
        stream: () => Readable.toWeb(req) as ReadableStream<Uint8Array>,
      },
      locals,
      cookies: { get: (name) => readCookie(cookie, name) },
      clientAddress: req.socket.remoteAddress ?? '',
    });
    writeResult(res, result, locals.storefront);
  } catch (error) {
    // What 500.astro answers on API paths.
    console.error(`[api] ${toLoggedPath(url.pathname)}: failed`, toLoggedError(error));
    writeResult(res, toServerErrorResult(error, locals.locale), locals.storefront);
  }
}

/**
 * Serves `req` when it is one of the fast routes (true), else leaves it alone (false).
 * `toAstro` hands the untouched request to Astro's handler.
 */
export function serveFastRoute(req: IncomingMessage, res: ServerResponse, toAstro: () => void): boolean {
  if (!req.url?.startsWith('/ecom/venda/carrinho')) return false;
  const url = toRequestUrl(req);
  const match = url ? CART_PATH.exec(url.pathname) : null;
  if (!url || !match) return false;
  const handler = ROUTES[`${req.method} ${match[1] === undefined ? '' : `/${match[2]?.slice(1) ?? ''}`}`];
  if (!handler) return false;
  void serve(req, res, url, match[1] ?? '', handler, toAstro);
  return true;
}
