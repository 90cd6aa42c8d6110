import * as z from 'zod/mini';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import {
  errorResult,
  readJsonObject,
  toFieldErrors,
  zodMessagesIn,
  type BodySource,
  type CookieChange,
  type ParsedResult,
} from '../http/responses.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.ts';

export function getAccountTexts(locale: Locale) {
  return {
    t: createTranslator(accountMessages, locale),
    f: createTranslator(formMessages, locale),
    c: createTranslator(commonMessages, locale),
  };
}

/** Validates plain values with an accounts form schema; 422 with every field's message. */
export function parseFields<S extends z.ZodMiniType>(schema: S, values: unknown, locale: Locale): ParsedResult<z.output<S>> {
  const result = z.safeParse(schema, values, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  const { f } = getAccountTexts(locale);
  return { ok: false, result: errorResult(422, f('formInvalidText'), toFieldErrors(result.error.issues)) };
}

/** JSON bodies only (415 otherwise, so a cross-site HTML form cannot post), then the schema. */
export async function readJsonFields<S extends z.ZodMiniType>(
  body: BodySource,
  schema: S,
  locale: Locale,
): Promise<ParsedResult<z.output<S>>> {
  const object = await readJsonObject(body, locale);
  if (!object.ok) return object;
  return parseFields(schema, object.data, locale);
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The httpOnly session cookie of DECISIONS.md (SameSite=Lax, Secure outside localhost), set to
 * `token` or cleared (null): a route returns it in its result, Astro code applies it (applyCookie).
 */
export function toSessionCookie(url: URL, token: string | null): CookieChange {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: !isLocalHost(url.hostname) } as const;
  if (token === null) return { name: SESSION_COOKIE, value: null, options };
  return { name: SESSION_COOKIE, value: token, options: { ...options, maxAge: Math.floor(SESSION_TTL_MS / 1000) } };
}
