import type { z } from 'zod';

/** Field errors in the shape the spec's clients read: `errors.field[0]`. */
export type FieldErrors = Record<string, string[]>;

/**
 * An API answer before it becomes a web Response (Astro endpoints) or is written straight to
 * Node's response (server.mjs's fast routes): the same route code serves both.
 */
export interface ApiResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function jsonResult(status: number, body: unknown, headers?: Record<string, string>): ApiResult {
  return { status, body, headers };
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
  return json(result.body, { status: result.status, headers: result.headers });
}

/** Turns zod issues into `{ field: [messages] }`, the field named by its path ('itens.0.qtde'). */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };
export type ParsedResult<T> = { ok: true; data: T } | { ok: false; result: ApiResult };

function describeInvalid(fields: FieldErrors): string {
  return `Parâmetros inválidos: ${Object.keys(fields).join(', ')}`;
}

function toParsed<T>(parsed: ParsedResult<T>): Parsed<T> {
  return parsed.ok ? parsed : { ok: false, response: toResponse(parsed.result) };
}

/** Parses query parameters with `schema`; a bad parameter gives a 400 that names it. */
export function readQuery<S extends z.ZodType>(params: URLSearchParams, schema: S): ParsedResult<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const fields = toFieldErrors(result.error);
  return { ok: false, result: errorResult(400, describeInvalid(fields), fields) };
}

export function parseQuery<S extends z.ZodType>(url: URL, schema: S): Parsed<z.output<S>> {
  return toParsed(readQuery(url.searchParams, schema));
}

/** A request body as the route code sees it, whichever server read it. */
export interface BodySource {
  contentType: string | null;
  /** Rejects when the body cannot be read (aborted, or over the size limit). */
  text(): Promise<string>;
}

/**
 * Reads a JSON body: 415 for any other content type (so a cross-site form cannot post here),
 * 400 for malformed JSON, 422 with field errors when the schema refuses it.
 */
export async function readJsonBody<S extends z.ZodType>(source: BodySource, schema: S): Promise<ParsedResult<z.output<S>>> {
  if (!/^application\/json\b/i.test(source.contentType ?? '')) {
    return { ok: false, result: errorResult(415, 'Content-Type must be application/json') };
  }
  let body: unknown;
  try {
    const text = await source.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, result: errorResult(400, 'Invalid JSON body') };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const fields = toFieldErrors(result.error);
  return { ok: false, result: errorResult(422, describeInvalid(fields), fields) };
}

export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.output<S>>> {
  return toParsed(await readJsonBody({ contentType: request.headers.get('content-type'), text: () => request.text() }, schema));
}
