/**
 * The one way islands reach the shop's contract (`/ecom/*`, `/api/public/*`): same origin, the
 * session cookie goes along (never a token in page scripts), JSON in and out, or a FormData sent
 * as multipart. Every answer takes one shape: `ok` with the parsed `data`, or an `error` with the
 * contract's message and field errors. A network failure is `status: 0`, never a throw.
 */
export type FieldErrors = Record<string, string[]>;

export interface ApiError {
  message: string | null;
  errors: FieldErrors;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function toInit(method: Method, body: unknown, signal: AbortSignal | undefined): RequestInit {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (signal) init.signal = signal;
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return init;
}

function toApiError(parsed: unknown): ApiError {
  const shape = (parsed ?? {}) as { message?: unknown; errors?: unknown };
  const errors = shape.errors && typeof shape.errors === 'object' ? (shape.errors as FieldErrors) : {};
  return { message: typeof shape.message === 'string' ? shape.message : null, errors };
}

/** Sends one request of the contract; `T` is the answer's type (inferred from its schema where it has one). */
export async function apiRequest<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, toInit(method, body, signal));
    text = await response.text();
  } catch {
    return { ok: false, status: 0, error: { message: null, errors: {} } };
  }
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // a non-JSON error page: keep the status only
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  return { ok: false, status: response.status, error: toApiError(parsed) };
}

/** The answer's data when it succeeded, else null: for reads whose failure shows as "nothing". */
export function toData<T>(result: ApiResult<T>): T | null {
  return result.ok ? result.data : null;
}

/** The error of a failed answer, or none: { message: null, errors: {} } when it succeeded. */
export function toError(result: ApiResult<unknown>): ApiError {
  return result.ok ? { message: null, errors: {} } : result.error;
}

/** The first message of every field error, keyed by field (what a form shows under each field). */
export function toFirstErrors(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) if (messages[0]) out[field] = messages[0];
  return out;
}
