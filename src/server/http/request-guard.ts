// Checks on a request's head, made in server.mjs before anything else reads it: a Host that is
// not one of the shop's, a header value with control characters, or an address no page of the
// shop has (issue 29: percent-encodings that are not UTF-8, NUL, backslashes, dot segments,
// double encoding, overlong targets) is refused with a 4xx in the host's language instead of
// reaching static files, routing, logs or the database.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestGuardMessages } from '#lib/i18n/request-guard.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { getDefaultLocale, type Locale } from '#lib/locale.ts';
import { toBodyLimit } from './body-limit.ts';
import { getServedStorefronts, getStorefrontOrigin, resolveStorefront } from '../storefront-hosts.ts';

/** The local development storefront answers on loopback names (storefront-hosts.ts: 'local'). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
// RFC 9110 host = uri-host [ ":" port ]: a reg-name (letters, digits, '-', '.') or an IPv6 literal.
const HOST_SYNTAX = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;
// Field values may hold tabs and visible characters only (RFC 9110 section 5.5).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** The methods some route answers; TRACE, CONNECT and the like make fetch's Request throw in Astro's adapter (a 500). */
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** No address of the shop comes near this (RFC 9112 section 3 recommends supporting at least 8,000). */
const MAX_TARGET_LENGTH = 4096;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const DECODED_CONTROL = /[\u0000-\u001f\u007f]/;
/** A path segment `.` or `..`, written plainly or percent-encoded, or an empty segment (`//`). */
const DOT_OR_EMPTY_SEGMENT = /\/(?:(?:\.|%2e){1,2}(?=\/|$)|(?=\/))/i;
/** A slash inside a segment: `/img/..%2f` reads as one segment to a router and as two to a file system. */
const ENCODED_SLASH = /%2f/i;
/** Seen after one decoding: what was encoded twice (`%252e%252e`). */
const DOUBLE_ENCODED = /%[0-9a-f]{2}/i;

let knownHosts: Set<string> | undefined;
function getKnownHosts(): Set<string> {
  knownHosts ??= new Set([
    ...LOOPBACK_HOSTS,
    ...getServedStorefronts().map((storefront) => new URL(getStorefrontOrigin(storefront.id)).hostname),
  ]);
  return knownHosts;
}

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** A storefront host's own language; before the host is checked, or on a local one, Accept-Language's. */
function toLocale(req: IncomingMessage, host: string | null = null): Locale {
  const storefront = host === null ? 'local' : resolveStorefront(host);
  if (storefront !== 'local') return getDefaultLocale(storefront);
  return /^\s*es\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'es-PY' : 'pt-BR';
}

/** The host name of a Host header value, lower-cased; null when it is malformed. */
export function toHostName(value: string | undefined): string | null {
  if (value === undefined || !HOST_SYNTAX.test(value)) return null;
  return value.toLowerCase().replace(/:\d{1,5}$/, '');
}

/** Decodes percent-encodings, null when one is not UTF-8 (truncated, overlong, a lone surrogate, not hex). */
function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Whether the request target is one the shop could have written: origin-form, not overlong, and a
 * path whose percent-encodings are UTF-8, with no control character once decoded, no backslash,
 * no dot or empty segment, no encoded slash and no double encoding (static files, pictures and
 * routes then never see them). The query is free text its routes parse (and the hostile-input
 * tests cover): a `redirect=` holding a tab or NUL is answered by the page, not refused here.
 */
export function checkRequestTarget(target: string): 'tooLong' | 'malformed' | null {
  if (target.length > MAX_TARGET_LENGTH) return 'tooLong';
  if (!target.startsWith('/')) return 'malformed';
  const path = target.split('?', 1)[0] ?? '';
  const decoded = decodeOrNull(path);
  if (decoded === null || DECODED_CONTROL.test(decoded) || decoded.includes('\\')) return 'malformed';
  if (DOT_OR_EMPTY_SEGMENT.test(path) || ENCODED_SLASH.test(path) || DOUBLE_ENCODED.test(decoded)) return 'malformed';
  return null;
}

/** Why this request is refused before routing, or null when its head is acceptable. */
export function checkRequestHead(req: IncomingMessage): Refusal | null {
  const t = createTranslator(requestGuardMessages, toLocale(req));
  for (let index = 1; index < req.rawHeaders.length; index += 2) {
    if (CONTROL_CHARACTERS.test(req.rawHeaders[index] ?? '')) return { status: 400, message: t('badHeader') };
  }
  const host = toHostName(req.headers.host);
  if (host === null) return { status: 400, message: t('unknownHost') };
  // 421 Misdirected Request: a name this server does not answer for (DNS rebinding, a stray proxy).
  if (!getKnownHosts().has(host)) return { status: 421, message: t('unknownHost') };
  const inHostLanguage = createTranslator(requestGuardMessages, toLocale(req, host));
  if (!SERVED_METHODS.has(req.method ?? '')) {
    return { status: 405, message: inHostLanguage('methodNotAllowed'), headers: { allow: [...SERVED_METHODS].join(', ') } };
  }
  const target = checkRequestTarget(req.url ?? '/');
  if (target === 'tooLong') return { status: 414, message: inHostLanguage('addressTooLong') };
  if (target === 'malformed') return { status: 400, message: inHostLanguage('badAddress') };
  // A body declared larger than the shop reads is refused before it is sent (Expect: 100-continue)
  // or read, with a message, instead of the connection being cut halfway through it.
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  const bodyLimit = toBodyLimit(req);
  if (declaredLength > bodyLimit) {
    const megabytes = Math.floor(bodyLimit / (1024 * 1024));
    return { status: 413, message: inHostLanguage('tooLarge', { megabytes }) };
  }
  return null;
}

export function writeRefusal(res: ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify({ message: refusal.message });
  res.writeHead(refusal.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
    ...refusal.headers,
  });
  res.end(body);
}

/** The language of a request's answer: its storefront's when its Host is one of the shop's, else Accept-Language's. */
export function toAnswerLocale(req: IncomingMessage): Locale {
  const host = toHostName(req.headers.host);
  return toLocale(req, host !== null && getKnownHosts().has(host) ? host : null);
}

/** A client that started more page renders than its budget (page-cache/render-budget.ts): 429 with Retry-After. */
export function refuseTooManyRenders(req: IncomingMessage, res: ServerResponse, retryAfterS: number): void {
  const t = createTranslator(requestGuardMessages, toAnswerLocale(req));
  writeRefusal(res, {
    status: 429,
    message: t('tooManyRenders'),
    headers: { 'retry-after': String(retryAfterS), connection: 'keep-alive' },
  });
}
