import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { findFreePort } from '#server/db/embedded.ts';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The JSON object sent; {} for none, for another JSON value or for text that is not JSON (kept in `text`). */
  body: Record<string, unknown>;
  text: string;
}

export type FakeAnswer = { status: number; body: unknown } | 'hang';

/** How the next call to a path answers instead of the documented behaviour: an HTTP error (429 too many requests, 5xx), or no answer at all (a timeout). */
export type Failure = 'timeout' | 429 | 500 | 503;

/** A local JSON server for a gateway fake: every request is recorded, `handle` answers it. */
export async function startJsonServer(handle: (request: FakeRequest) => FakeAnswer) {
  const port = await findFreePort();
  const requests: FakeRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: the handler sees an empty body and the raw text
      }
      const body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        text,
      };
      requests.push(request);
      const answer = handle(request);
      if (answer === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One-shot failures by path prefix, consumed by the first matching request. */
export function createFailures() {
  const pending: Array<{ prefix: string; failure: Failure }> = [];
  return {
    failNext(prefix: string, failure: Failure) {
      pending.push({ prefix, failure });
    },
    take(path: string): FakeAnswer | null {
      const index = pending.findIndex((item) => path.startsWith(item.prefix));
      if (index < 0) return null;
      const [item] = pending.splice(index, 1);
      if (item!.failure === 'timeout') return 'hang';
      const error = item!.failure === 429 ? 'too_many_requests' : 'internal_server_error';
      return { status: item!.failure, body: { message: error, error, status: item!.failure, cause: [] } };
    },
  };
}
