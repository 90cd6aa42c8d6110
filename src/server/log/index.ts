import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { getConfig } from '../config.ts';
import { countRequest } from '../metrics/index.ts';
import { getClientIp } from '../rate-limit/routes.ts';
import { createLogLimiter } from './limit.ts';

/**
 * The shop's log (decision 0750): one JSON line per event on stdout (pino), each carrying the id
 * of the request it happened in; pretty lines when a person watches a terminal.
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

function createLogger(): Logger {
  const { LOG_LEVEL, LOG_FORMAT } = getConfig();
  const options = {
    level: LOG_LEVEL,
    base: { pid: process.pid },
    // Every line written while a request is served names it (the same id as its X-Request-Id).
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { reqId: scope.requestId } : {};
    },
  };
  const prettyOutput = LOG_FORMAT === 'pretty' || (LOG_FORMAT === 'auto' && process.stdout.isTTY === true);
  // Written at once, not buffered: a line is never lost on a crash, nor lands after the answer it explains.
  return prettyOutput
    ? pino(options, pretty({ colorize: true, sync: true, ignore: 'pid,hostname' }))
    : pino(options, pino.destination({ dest: 1, sync: true }));
}

let logger: Logger | undefined;

export function getLogger(): Logger {
  return (logger ??= createLogger());
}

/** An id a load balancer or CDN in front sent along, when it is a plain token; otherwise a new one. */
function toRequestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(header) ? header : randomUUID();
}

/**
 * Path segments that are someone's key, not a name: a reset or confirmation token, a cart's or
 * an order's unguessable id (whoever has it sees the order), a shopper's postal code. The access
 * line keeps the route and drops the value: logs are read by more people than should hold them.
 */
const SECRET_SEGMENTS: readonly [RegExp, string][] = [
  [/^\/app\/reset-password\/[^/]+\/[^/]+/, '/app/reset-password/:uuid/:token'],
  [/^\/app\/confirmation-email\/.+/, '/app/confirmation-email/:token'],
  [/^\/ecom\/cliente\/confirmar-email\/[^/]+\/[^/]+/, '/ecom/cliente/confirmar-email/:uid/:token'],
  [/^\/ecom\/venda\/carrinho\/[^/]+/, '/ecom/venda/carrinho/:id'],
  [/^\/ecom\/venda\/pedidos\/[^/]+/, '/ecom/venda/pedidos/:id'],
  [/^\/pedido\/[^/]+/, '/pedido/:id'],
  [/^\/ecom\/endereco\/cep\/[^/]+/, '/ecom/endereco/cep/:cep'],
];

/** The path an access line shows: without the query string and without secret segments. */
export function toLoggedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  for (const [pattern, replacement] of SECRET_SEGMENTS) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
  }
  return path;
}

function readHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/** Host and User-Agent as the access line shows them: bounded, printable (they are the client's words). */
function toLoggedHeader(value: string | undefined): string | undefined {
  return value?.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

/**
 * Serves one request inside its log scope: answers `X-Request-Id`, and writes one access line
 * when the answer is sent (method, path without its query or secret segments, status, time,
 * bytes, host, the client's address as rate limits see it, user agent: no personal data the
 * shopper typed, the query string may hold an e-mail or a document number), and counts it in
 * the metrics.
 */
export function serveWithRequestLog(req: IncomingMessage, res: ServerResponse, serve: () => void): void {
  const requestId = toRequestId(req.headers['x-request-id']);
  res.setHeader('x-request-id', requestId);
  const started = process.hrtime.bigint();
  // Read now: by 'finish' the socket may be detached already (req.socket is then null).
  const clientAddress = req.socket?.remoteAddress ?? '';
  res.once('finish', () => {
    const path = toLoggedPath(req.url ?? '/');
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    countRequest(path, res.statusCode, ms / 1000);
    requestScope.run({ requestId }, () => {
      getLogger().info(
        {
          method: req.method,
          path,
          status: res.statusCode,
          ms: Number(ms.toFixed(1)),
          bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
          host: toLoggedHeader(req.headers.host),
          client: getClientIp({ clientAddress, headers: { get: (name) => readHeader(req, name) } }),
          agent: toLoggedHeader(req.headers['user-agent']),
        },
        'request',
      );
    });
  });
  requestScope.run({ requestId }, serve);
}

type ConsoleLevel = 'debug' | 'info' | 'warn' | 'error';

/** console.x(...parts) as a log line: the text parts become the message, an Error its `err`. */
function toLogCall(logger: Logger, level: ConsoleLevel) {
  return (...parts: unknown[]): void => {
    const error = parts.find((part): part is Error => part instanceof Error);
    const text = parts
      .filter((part) => part !== error)
      .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
      .join(' ');
    if (error) logger[level]({ err: error }, text || error.message);
    else logger[level](text);
  };
}

/**
 * Sends every console line of the server process through the logger, so code that writes
 * `console.warn(...)` still gives a structured line with the request id. Warnings and errors
 * keep the outage limit: a few lines of each kind per window, then a count (limit.ts).
 */
export function routeConsoleToLogger(): void {
  const logger = getLogger();
  console.log = toLogCall(logger, 'info');
  console.info = toLogCall(logger, 'info');
  console.debug = toLogCall(logger, 'debug');
  console.warn = createLogLimiter({ linesPerWindow: 5, windowMs: 10_000, write: toLogCall(logger, 'warn') });
  console.error = createLogLimiter({ linesPerWindow: 5, windowMs: 10_000, write: toLogCall(logger, 'error') });
}
