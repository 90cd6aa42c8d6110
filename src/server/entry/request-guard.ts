// Checks on a request's head, made in server.mjs before anything else reads it: a Host that is
// not one of the shop's, or a header value with control characters, is refused with a 4xx
// instead of reaching routing, logs or the database.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestGuardMessages } from '#lib/i18n/request-guard.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { getDefaultLocale, type Locale } from '#lib/locale.ts';
import { BODY_SIZE_LIMIT_BYTES } from '../http/body-limit.ts';
import { getStorefrontOrigin, resolveStorefront } from '../storefront-hosts.ts';

/** The local development storefront answers on loopback names (storefront-hosts.ts: 'local'). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
// RFC 9110 host = uri-host [ ":" port ]: a reg-name (letters, digits, '-', '.') or an IPv6 literal.
const HOST_SYNTAX = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;
// Field values may hold tabs and visible characters only (RFC 9110 section 5.5).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/;

let knownHosts: Set<string> | undefined;
function getKnownHosts(): Set<string> {
  knownHosts ??= new Set([...LOOPBACK_HOSTS, new URL(getStorefrontOrigin('br')).hostname, new URL(getStorefrontOrigin('es')).hostname]);
  return knownHosts;
}

export interface Refusal {
  status: number;
  message: string;
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
  // A body declared larger than the shop reads is refused before it is sent (Expect: 100-continue)
  // or read, with a message, instead of the connection being cut halfway through it.
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > BODY_SIZE_LIMIT_BYTES) {
    const megabytes = Math.floor(BODY_SIZE_LIMIT_BYTES / (1024 * 1024));
    return { status: 413, message: createTranslator(requestGuardMessages, toLocale(req, host))('tooLarge', { megabytes }) };
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
  });
  res.end(body);
}
