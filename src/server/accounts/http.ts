import type { AstroCookies } from 'astro';
import * as z from 'zod/mini';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { jsonError, parseJsonObject, toFieldErrors, zodMessagesIn, type Parsed } from '../http/responses.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.ts';

export function getAccountTexts(locale: Locale) {
  return {
    t: createTranslator(accountMessages, locale),
    f: createTranslator(formMessages, locale),
    c: createTranslator(commonMessages, locale),
  };
}

/** Validates plain values with an accounts form schema; 422 with every field's message. */
export function parseFields<S extends z.ZodMiniType>(schema: S, values: unknown, locale: Locale): Parsed<z.output<S>> {
  const result = z.safeParse(schema, values, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  const { f } = getAccountTexts(locale);
  return { ok: false, response: jsonError(422, f('formInvalidText'), toFieldErrors(result.error.issues)) };
}

/** JSON bodies only (415 otherwise, so a cross-site HTML form cannot post), then the schema. */
export async function readJsonFields<S extends z.ZodMiniType>(request: Request, schema: S, locale: Locale): Promise<Parsed<z.output<S>>> {
  const body = await parseJsonObject(request, locale);
  if (!body.ok) return body;
  return parseFields(schema, body.data, locale);
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** The httpOnly session cookie of DECISIONS.md: SameSite=Lax, Secure outside localhost. */
export function setSessionCookie(cookies: AstroCookies, url: URL, token: string): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(url.hostname),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL): void {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: !isLocalHost(url.hostname) });
}
