import type { z } from 'zod';

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
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

function describeInvalid(fields: FieldErrors): string {
  return `Parâmetros inválidos: ${Object.keys(fields).join(', ')}`;
}

/** Parses the query string with `schema`; a bad parameter gives a 400 that names it. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): Parsed<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) raw[key] = value;
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const fields = toFieldErrors(result.error);
  return { ok: false, response: jsonError(400, describeInvalid(fields), fields) };
}

/**
 * Reads a JSON body: 415 for any other content type (so a cross-site form cannot post here),
 * 400 for malformed JSON, 422 with field errors when the schema refuses it.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.output<S>>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: jsonError(415, 'Content-Type must be application/json') };
  }
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, 'Invalid JSON body') };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const fields = toFieldErrors(result.error);
  return { ok: false, response: jsonError(422, describeInvalid(fields), fields) };
}
