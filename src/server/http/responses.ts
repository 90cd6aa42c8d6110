import type { z } from 'zod';
import { es, pt } from 'zod/locales';
import { commonMessages } from '../../lib/i18n/common.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import type { Locale } from '../../lib/locale.ts';

/** Field errors in the shape the spec's clients read: `errors.field[0]`. */
export type FieldErrors = Record<string, string[]>;

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function jsonError(status: number, message: string, errors?: FieldErrors, init: ResponseInit = {}): Response {
  return json(errors ? { message, errors } : { message }, { ...init, status });
}

/** Turns zod issues into `{ field: [messages] }`, the field named by its path ('itens.0.qtde'). */
export function toFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

const zodTexts = { pt: pt(), es: es() };

/**
 * zod's own messages (wrong type, too short...) in the shopper's language; a schema's own
 * message still wins. Pass as the second argument of `safeParse`.
 */
export function zodMessagesIn(locale: Locale): { error: (issue: z.core.$ZodRawIssue) => string | undefined } {
  const texts = locale === 'pt-BR' ? zodTexts.pt : zodTexts.es;
  return { error: (issue) => texts.localeError(issue as never) as string | undefined };
}

function describeInvalid(fields: FieldErrors, locale: Locale): string {
  return createTranslator(commonMessages, locale)('invalidParams', { fields: Object.keys(fields).join(', ') });
}

/** A 400 naming the invalid fields, in the shopper's language. */
export function invalidParams(fields: FieldErrors, locale: Locale, status = 400): Response {
  return jsonError(status, describeInvalid(fields, locale), fields);
}

/** Parses the query string with `schema`; a bad parameter gives a 400 that names it. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S, locale: Locale): Parsed<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) raw[key] = value;
  const result = schema.safeParse(raw, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: invalidParams(toFieldErrors(result.error.issues), locale) };
}

/**
 * Reads a JSON object body: 415 for any other content type (so a cross-site form cannot post
 * here), 400 for malformed JSON or a body that is not an object. Every JSON endpoint reads
 * through this.
 */
export async function readJsonObject(request: Request, locale: Locale): Promise<Parsed<Record<string, unknown>>> {
  const t = createTranslator(commonMessages, locale);
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return { ok: false, response: jsonError(415, t('unsupportedMediaType')) };
  }
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, t('invalidJson')) };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, response: jsonError(400, t('invalidJson')) };
  }
  return { ok: true, data: body as Record<string, unknown> };
}

/** A JSON body checked by `schema`: 415/400 as readJsonObject, 422 with field errors. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, locale: Locale): Promise<Parsed<z.output<S>>> {
  const body = await readJsonObject(request, locale);
  if (!body.ok) return body;
  const result = schema.safeParse(body.data, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, response: invalidParams(toFieldErrors(result.error.issues), locale, 422) };
}
