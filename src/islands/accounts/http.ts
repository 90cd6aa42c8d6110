/** Small fetch helpers for the accounts islands: JSON in and out, errors as the contract shapes them. */
export interface ApiAnswer<T> {
  status: number;
  ok: boolean;
  body: T & { message?: string; errors?: Record<string, string[]> };
}

export async function sendJson<T = Record<string, unknown>>(path: string, method: string, data?: unknown): Promise<ApiAnswer<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (data !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  return toAnswer<T>(await fetch(path, init));
}

export async function sendForm<T = Record<string, unknown>>(path: string, form: FormData): Promise<ApiAnswer<T>> {
  return toAnswer<T>(await fetch(path, { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } }));
}

async function toAnswer<T>(response: Response): Promise<ApiAnswer<T>> {
  const text = await response.text();
  let body = {} as ApiAnswer<T>['body'];
  try {
    body = text ? JSON.parse(text) : body;
  } catch {
    // a non-JSON error page: keep the status only
  }
  return { status: response.status, ok: response.ok, body };
}

/** The first message of every field error, keyed by field. */
export function toFirstErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
}
