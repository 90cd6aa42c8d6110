import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import pg from 'pg';
import type { z } from 'zod';
import { DB_TYPES } from '#server/db/client.ts';
import { createTestPool } from './test-pool.ts';
import type { RunStack } from './vitest-global-setup.ts';

export type Host = 'br' | 'es' | 'ar' | 'local';

export interface ApiRequest {
  method?: string;
  host?: Host;
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Another shop process on this machine (its port) instead of the run's shop. */
  port?: number;
}

interface Target {
  baseUrl: string;
  port: number;
  databaseUrl: string;
}
let ownStack: Target | undefined;
let pool: pg.Pool | undefined;

/**
 * The run's stack this file talks to: one per vitest worker slot (VITEST_POOL_ID runs 1..maxWorkers,
 * and no two files run in the same slot at once), so files running side by side never share a
 * database or a shop (tests/support/vitest-global-setup.ts).
 */
export function getRunStack(): RunStack {
  const stacks = inject('stacks');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  return stacks[(slot - 1) % stacks.length]!;
}

/** Sends this file's requests to a stack it started itself (other settings) instead of the run's. */
export function useOwnStack(stack: Target): void {
  ownStack = stack;
}

export function getHostHeader(host: Host, otherPort?: number): string {
  const port = otherPort ?? ownStack?.port ?? getRunStack().port;
  return host === 'local' ? `localhost:${port}` : `${host}.localhost:${port}`;
}

/**
 * A request to the shop under test, addressed to one storefront host. Node cannot resolve
 * *.localhost and its fetch drops a Host header, so this goes through node:http to 127.0.0.1.
 */
export async function api(path: string, request: ApiRequest = {}): Promise<Response> {
  const headers: Record<string, string> = { host: getHostHeader(request.host ?? 'br', request.port), ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: Buffer | undefined;
  if (request.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = Buffer.from(JSON.stringify(request.json));
  } else if (request.body !== undefined) {
    // FormData and friends: let Response serialise them with their content type.
    const encoded = new Response(request.body);
    const type = encoded.headers.get('content-type');
    if (type && !headers['content-type']) headers['content-type'] = type;
    body = Buffer.from(await encoded.arrayBuffer());
  }
  if (body) headers['content-length'] = String(body.length);
  const url = new URL(path, request.port ? `http://127.0.0.1:${request.port}` : (ownStack?.baseUrl ?? getRunStack().baseUrl));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: request.method ?? 'GET', headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, item);
        }
        const status = incoming.statusCode ?? 0;
        const payload = [204, 304].includes(status) ? null : Buffer.concat(chunks);
        resolve(new Response(payload, { status, headers: responseHeaders }));
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The contract's JSON error (src/server/http/error-result.ts): a message, and field messages on a form. */
export interface ErrorAnswer {
  message: string;
  errors?: Record<string, string[]>;
}

/** A refusal that names its fields (a form's answer). */
export interface FieldErrorAnswer extends ErrorAnswer {
  errors: Record<string, string[]>;
}

/**
 * A JSON answer: `T` names its shape (a contract type, or ErrorAnswer); without one the body is
 * `unknown`, for the calls that read only the status or hand the body on whole.
 */
export async function apiJson<T = unknown>(path: string, request: ApiRequest = {}): Promise<{ status: number; body: T }> {
  const response = await api(path, request);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A successful answer read through its contract schema (src/lib/contract): a wrong type or a
 * missing field fails, and so does a field the schema does not declare (strict all the way down:
 * the contract must tell the whole truth). Use it on answers the test expects to succeed.
 */
export function apiAnswer<S extends z.ZodType>(
  schema: S,
  answer: { status: number; body: unknown },
): { status: number; body: z.output<S> } {
  if (answer.status >= 400) throw new Error(`expected a successful answer, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  const body = schema.parse(answer.body);
  const undeclared = findUndeclared(answer.body, body, '');
  if (undeclared.length > 0) throw new Error(`fields the contract does not declare: ${undeclared.join(', ')}`);
  return { status: answer.status, body };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths of keys the raw answer has and the parsed one lost (zod objects drop undeclared keys). */
function findUndeclared(raw: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((item, i) => findUndeclared(item, parsed[i], `${path}[${i}]`));
  if (!isRecord(raw) || !isRecord(parsed)) return [];
  return Object.keys(raw).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? findUndeclared(raw[key], parsed[key], at) : [at];
  });
}

/** Direct access to the test run's database, for arranging data and checking what was stored. */
export function getTestDb(): pg.Pool {
  // The shop's own type parsers: server services run on this pool in some tests.
  pool ??= createTestPool({ connectionString: ownStack?.databaseUrl ?? getRunStack().databaseUrl, max: 4, types: DB_TYPES });
  return pool;
}

/**
 * Forgets the file's own stack and ends its pool (tests/support/api-file-setup.ts, after each
 * file): the files of one worker share this module, and the next one starts on its run stack.
 */
export async function forgetFileTargets(): Promise<void> {
  ownStack = undefined;
  const ending = pool;
  pool = undefined;
  if (ending && !ending.ending) await ending.end();
}
