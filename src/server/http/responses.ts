import type { z } from 'zod';
import { es, pt } from 'zod/locales';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';

/** Field errors in the shape the spec's clients read: `errors.field[0]`. */
export type FieldErrors = Record<string, string[]>;

/**
 * An API answer before it becomes a web Response (Astro endpoints) or is written straight to
 * Node's response (server.mjs's fast routes): the same route code serves both.
 */
export interface ApiResult {
  status: number;
  /** The JSON answer (ignored when `raw` is set). */
  body: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (a file, a CSV, an HTML page, an empty redirect), sent as is; `headers` name its type. */
  raw?: Uint8Array<ArrayBuffer> | string | null;
  /** Cookies to set (a value) or clear (null) with the answer. */
  cookies?: CookieChange[];
}

export interface CookieOptions {
  path: string;
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict';
  secure?: boolean;
}

export interface CookieChange {
  name: string;
  value: string | null;
  options: CookieOptions;
}

export function jsonResult(status: number, body: unknown, headers?: Record<string, string>): ApiResult {
  return { status, body, headers };
}

/** A non-JSON answer: `headers` carry its content type (and disposition for downloads). */
export function rawResult(status: number, raw: Uint8Array<ArrayBuffer> | string | null, headers: Record<string, string>): ApiResult {
  return { status, body: null, raw, headers };
}

export function errorResult(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>): ApiResult {
  return { status, body: errors ? { message, errors } : { message }, headers };
}

/** Every JSON answer says so and is not cached unless it asks to be. */
export function toJsonHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return headers;
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: toJsonHeaders(init.headers) });
}

export function jsonError(status: number, message: string, errors?: FieldErrors, init: ResponseInit = {}): Response {
  return json(errors ? { message, errors } : { message }, { ...init, status });
}

export function toResponse(result: ApiResult): Response {
  if (result.raw !== undefined) return new Response(result.raw, { status: result.status, headers: result.headers });
  if (result.status === 204) return new Response(null, { status: 204, headers: result.headers });
  return json(result.body, { status: result.status, headers: result.headers });
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

export type ParsedResult<T> = { ok: true; data: T } | { ok: false; result: ApiResult };

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
export function invalidParamsResult(fields: FieldErrors, locale: Locale, status = 400): ApiResult {
  return errorResult(status, describeInvalid(fields, locale), fields);
}

/** Parses query parameters with `schema`; a bad parameter gives a 400 that names it. */
export function readQuery<S extends z.ZodType>(params: URLSearchParams, schema: S, locale: Locale): ParsedResult<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const result = schema.safeParse(raw, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  const fields = toFieldErrors(result.error.issues);
  return { ok: false, result: errorResult(400, describeInvalid(fields, locale), fields) };
}

/** Request headers as route code reads them (a web Headers, or Node's through fast-routes.ts). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A request body as the route code sees it, whichever server read it. */
export interface BodySource {
  contentType: string | null;
  contentLength: string | null;
  /** Rejects when the body cannot be read (aborted, or over the size limit). */
  text(): Promise<string>;
  /** The body's bytes as they arrive (multipart uploads); null without a body. Read once, instead of text(). */
  stream(): ReadableStream<Uint8Array> | null;
}

/** How deep JSON may nest (objects and arrays in one another): the contract's deepest body has 4 levels. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in JSON text, counted without building anything. */
function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \\ */) i++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91 /* { [ */) {
      if (++depth > maxDepth) return true;
    } else if (code === 125 || code === 93 /* } ] */) depth--;
  }
  return false;
}

/** JSON text parsed, refused 400 when malformed or nested deeper than MAX_JSON_DEPTH. Every JSON body is read through this. */
export function readJsonText(text: string, locale: Locale): ParsedResult<unknown> {
  const t = createTranslator(commonMessages, locale);
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return { ok: false, result: errorResult(400, t('jsonTooDeep', { max: MAX_JSON_DEPTH })) };
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, result: errorResult(400, t('invalidJson')) };
  }
}

/**
 * Reads a JSON object body: 415 for any other content type (so a cross-site form cannot post
 * here), 400 for malformed JSON or a body that is not an object. Every JSON endpoint reads
 * through this.
 */
export async function readJsonObject(source: BodySource, locale: Locale): Promise<ParsedResult<Record<string, unknown>>> {
  const t = createTranslator(commonMessages, locale);
  if (!/^application\/json\b/i.test(source.contentType ?? '')) {
    return { ok: false, result: errorResult(415, t('unsupportedMediaType')) };
  }
  let text: string;
  try {
    text = await source.text();
  } catch {
    return { ok: false, result: errorResult(400, t('invalidJson')) };
  }
  const parsed = readJsonText(text.trim() === '' ? '{}' : text, locale);
  if (!parsed.ok) return parsed;
  const body = parsed.data;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, result: errorResult(400, t('invalidJson')) };
  }
  return { ok: true, data: body as Record<string, unknown> };
}

/** A JSON body checked by `schema`: 415/400 as readJsonObject, 422 with field errors. */
export async function readJsonBody<S extends z.ZodType>(source: BodySource, schema: S, locale: Locale): Promise<ParsedResult<z.output<S>>> {
  const body = await readJsonObject(source, locale);
  if (!body.ok) return body;
  const result = schema.safeParse(body.data, zodMessagesIn(locale));
  if (result.success) return { ok: true, data: result.data };
  const fields = toFieldErrors(result.error.issues);
  return { ok: false, result: errorResult(422, describeInvalid(fields, locale), fields) };
}

/** A CSV file to download as `{basename}-{YYYY-MM-DD}.csv`, never cached (staff exports). */
export function csvResult(csv: string, basename: string): ApiResult {
  const day = new Date().toISOString().slice(0, 10);
  return rawResult(200, csv, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${basename}-${day}.csv"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}

export function csvDownload(csv: string, basename: string): Response {
  return toResponse(csvResult(csv, basename));
}
