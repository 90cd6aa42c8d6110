/** JSON over the shop's contract, same origin: the session cookie goes along, never a token in JS. */
export interface HttpResult<T> {
  status: number;
  body: T | null;
  /** The contract's error shape `{ message, errors }` when status >= 400. */
  error: { message?: string; errors?: Record<string, string[]> } | null;
}

export async function requestJson<T>(method: string, path: string, body?: unknown): Promise<HttpResult<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.ok) return { status: response.status, body: parsed as T, error: null };
  return { status: response.status, body: null, error: (parsed as HttpResult<T>['error']) ?? {} };
}
