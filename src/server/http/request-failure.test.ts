import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serveWithRequestLog } from '../log/index.ts';
import { answerFailedRequest, serveOrAnswerFailure } from './request-failure.ts';

/** A server whose /throw handling throws, /reject rejects, and anything else answers 200: as server.mjs wires it. */
const server = createServer((req: IncomingMessage, res: ServerResponse) =>
  serveWithRequestLog(req, res, () =>
    serveOrAnswerFailure(req, res, () => {
      if (req.url === '/throw') throw new URIError('URI malformed');
      if (req.url === '/reject') {
        Promise.reject(new Error('render failed')).catch((error: unknown) => answerFailedRequest(req, res, error));
        return;
      }
      res.writeHead(200).end('ok');
    }),
  ),
);
const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
afterAll(() => server.close());

function get(path: string, host: string): Promise<{ status: number; requestId: unknown; body: string }> {
  return listening.then(
    (port) =>
      new Promise((resolve, reject) => {
        request({ port, host: '127.0.0.1', path, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, requestId: res.headers['x-request-id'], body }));
        })
          .on('error', reject)
          .end();
      }),
  );
}

describe('an error escaping one request', () => {
  it('thrown or rejected, answers that request 500 in the host language with its request id, and the server goes on', async () => {
    const thrown = await get('/throw', 'es.localhost');
    expect(thrown.status).toBe(500);
    expect(JSON.parse(thrown.body).message).toBe('¡Ocurrió un error interno en el servidor!');
    expect(thrown.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const rejected = await get('/reject', 'br.localhost');
    expect(rejected.status).toBe(500);
    expect(JSON.parse(rejected.body).message).toBe('Ocorreu um erro interno no servidor!');
    expect((await get('/', 'br.localhost')).status).toBe(200);
  });
});
