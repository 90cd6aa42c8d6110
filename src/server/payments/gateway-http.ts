import { parseAmount } from '#lib/money.ts';
/**
 * A gateway call that failed: no answer in time, a non-2xx status or a body that is not JSON. An
 * internal failure, not a DomainError (decision 0720): each caller decides what it means
 * (checkout refuses with paymentGatewayUnavailable, a webhook answers a reason code).
 */
export class GatewayError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  constructor(message: string, status: number | null, body: unknown) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.body = body;
  }
}

export interface GatewayRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
}

/** JSON over HTTP to a payment gateway, with a time limit: an unanswered call must not hold checkout's locks. */
export async function callGateway<T>(url: string, request: GatewayRequest): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (request.json === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    throw new GatewayError(
      `${new URL(url).pathname}: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`,
      null,
      null,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new GatewayError(
      `${new URL(url).pathname}: answered ${response.status} with a body that is not JSON`,
      response.status,
      text.slice(0, 200),
    );
  }
  if (!response.ok) throw new GatewayError(`${new URL(url).pathname}: answered ${response.status}`, response.status, body);
  return body as T;
}

export function toMinorUnits(value: unknown, decimals: number): number {
  const minor = typeof value === 'number' || typeof value === 'string' ? parseAmount(value, { decimals, format: 'plain' }) : 'invalid';
  return typeof minor === 'number' ? minor : Number.NaN;
}
