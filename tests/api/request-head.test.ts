import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { api, getRunStack } from '../support/api.ts';

/** Issue 22 point 4: a request whose head is not the shop's is refused before any route runs. */

function rawRequest(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(getRunStack().port, '127.0.0.1');
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
    const outgoing = httpRequest({ host: '127.0.0.1', port: getRunStack().port, path, headers }, (incoming) => {
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
    const port = getRunStack().port;
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

/** Issue 29 point 1: an address no page of the shop has is refused on every kind of route, and the process goes on. */
describe('request targets', () => {
  const BAD_ADDRESS = {
    br: 'Endereço inválido: confira o link ou volte para a página inicial da loja.',
    es: 'Dirección inválida: revisa el enlace o vuelve a la página de inicio de la tienda.',
  };
  const bodyOf = (answer: string) => JSON.parse(Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
  const ask = (method: string, target: string, host: 'br' | 'es') =>
    rawRequest(`${method} ${target} HTTP/1.1\r\nHost: ${host}.localhost:${getRunStack().port}\r\nConnection: close\r\n\r\n`);

  it.each([
    '/produtos/%C0%AF', // overlong '/': this one ended the process (URIError in the static files' lookup)
    '/%E0%A4%A',
    '/_astro/%00',
    '/img/..%2f',
    '/img/p/%2e%2e%2fx.png',
    '/api/public/products/%FF/details',
    '/ecom/cliente/..\\me',
    '/painel/%252e%252e/equipe',
    '/produto/a/./b',
    '//evil.example/',
  ])('%s gets 400 in the host language on both hosts', async (target) => {
    for (const host of ['br', 'es'] as const) {
      const answer = await ask('GET', target, host);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(bodyOf(answer).message).toBe(BAD_ADDRESS[host]);
    }
    expect((await get('/healthz', { host: 'br.localhost' })).status).toBe(200);
  });

  it('an 8 kB path gets 414, TRACE gets 405 with Allow', async () => {
    expect(await ask('GET', `/produto/${'a'.repeat(8192)}`, 'es')).toMatch(/^HTTP\/1\.1 414 /);
    const trace = await ask('TRACE', '/', 'br');
    expect(trace).toMatch(/^HTTP\/1\.1 405 /);
    expect(trace).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
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
