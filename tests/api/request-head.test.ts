import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api } from '../support/api.ts';

/** Issue 22 point 4: a request whose head is not the shop's is refused before any route runs. */

function rawRequest(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(inject('port'), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(head);
  });
}

function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: inject('port'), path, headers }, (incoming) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('request heads', () => {
  it('an unknown Host gets 421 with a message in the asked language', async () => {
    const port = inject('port');
    const pt = await get('/', { host: `evil.example:${port}` });
    expect(pt.status).toBe(421);
    expect(JSON.parse(pt.body).message).toBe('Este endereço não pertence à loja.');
    const es = await get('/api/public/start', { host: 'attacker.test', 'accept-language': 'es-PY,es;q=0.9' });
    expect(es.status).toBe(421);
    expect(JSON.parse(es.body).message).toBe('Esta dirección no pertenece a la tienda.');
  });

  it.each(['br.localhost:1:2', 'br.localhost/x', 'br localhost', 'br.localhost@evil.example', '[zz]', '%62r.localhost'])(
    'a malformed Host %j gets 400',
    async (host) => {
      const answer = await rawRequest(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    },
  );

  it('a request without Host gets 400', async () => {
    expect(await rawRequest('GET / HTTP/1.0\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.[01] 400 /);
  });

  it.each(['\u0001', '\u001b[31m', '\u007f'])('a header value holding %j gets 400', async (control) => {
    const answer = await rawRequest(`GET / HTTP/1.1\r\nHost: br.localhost\r\nX-Note: a${control}b\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('the shop hosts, loopback names and /healthz still answer', async () => {
    for (const host of ['br', 'es', 'local'] as const) expect((await api('/api/public/start', { host })).status).toBe(200);
    expect((await get('/healthz', { host: 'anything.example' })).status).toBe(200);
  });

  it('/500 is not an address: 404', async () => {
    expect((await api('/500')).status).toBe(404);
  });
});

describe('request bodies', () => {
  it('a body declared over 12 MB gets 413 with a message in the host language before it is read', async () => {
    const head = (host: string) =>
      `POST /api/painel/v1/estoque HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${13 * 1024 * 1024}\r\nConnection: close\r\n\r\n{"itens":[`;
    const bodyOf = (answer: string) => JSON.parse(Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
    const es = await rawRequest(head('es.localhost'));
    expect(es).toMatch(/^HTTP\/1\.1 413 /);
    expect(bodyOf(es).message).toBe('El envío supera 12 MB, lo máximo que recibe la tienda. Envía archivos más pequeños.');
    const pt = await rawRequest(head('br.localhost'));
    expect(bodyOf(pt).message).toBe('O envio passa de 12 MB, o máximo que a loja recebe. Envie arquivos menores.');
  });
});
