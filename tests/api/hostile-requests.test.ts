import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, signIn } from '../support/accounts.ts';
import { listRouteFiles, type RouteFile } from '../support/route-files.ts';
import { createSignedInStaff } from '../support/staff.ts';
import { getRunStack } from '../support/api.ts';

/**
 * Issue 29 points 1 and 2: the whole request, not only its body and query values. Generated
 * request lines (methods, targets, versions), paths with hostile encodings and odd values in every
 * header the shop reads, sent as raw bytes over a socket to every route file under src/pages
 * (static files and pictures included), signed in and not. No answer is a 5xx or missing, and the
 * same process still answers afterwards: one keep-alive connection opened before the first case
 * must carry every health check (a process that died or was replaced would have closed it).
 */

const routes = listRouteFiles();
const SEED = process.env.FC_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FC_SEED ?? 20_261_207);
console.log(`hostile-requests seed: ${SEED}`);
const RUNS_PER_CLASS = 300;

// Integer parameters the routes read from queries and forms, found in the source (not a hand
// list), get values outside PostgreSQL's int4 and int8, alone and in lists of ids.
const sourceDir = path.resolve(import.meta.dirname, '../../src');
function listReadParameterNames(): string[] {
  const files = [
    ...readdirSync(path.join(sourceDir, 'pages'), { recursive: true, encoding: 'utf8' }).map((file) => path.join(sourceDir, 'pages', file)),
    ...readdirSync(path.join(sourceDir, 'server'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('routes.ts'))
      .map((file) => path.join(sourceDir, 'server', file)),
  ].filter((file) => /\.(ts|astro)$/.test(file));
  const names = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/\.get\('([a-z_[\]]+)'\)/g)) names.add(match[1]!);
  return [...names];
}
const PARAMETER_NAMES = listReadParameterNames();
const OUT_OF_RANGE = ['2147483648', '-2147483649', '9223372036854775808', '1e20', '9'.repeat(30), '-0', '1.5', '0x7fffffff'];
const integerValue = fc.oneof(
  fc.constantFrom(...OUT_OF_RANGE, '1', '2'),
  fc.array(fc.constantFrom(...OUT_OF_RANGE, '1', ''), { minLength: 2, maxLength: 4 }).map((ids) => ids.join(',')),
);

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
const HOSTILE_SEGMENTS = [
  '%E0%A4%A', // truncated
  '%C0%AF', // overlong '/'
  '%C0%80', // overlong NUL
  '%ED%A0%80', // a surrogate
  '%F4%90%80%80', // past U+10FFFF
  '%FF',
  '%',
  '%G1',
  '%00',
  'a%00b',
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '..%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '%2f',
  '%5c',
  '\\',
  '..\\..\\',
  '%252e%252e%252f',
  '%25',
  '%E2%80%AE',
  'a'.repeat(8192),
  '',
  ';x=1',
  'ação',
];
const segment = fc.oneof(
  fc.constantFrom(...HOSTILE_SEGMENTS),
  fc.constantFrom('1', '2', 'x'),
  fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 6 }).map((bytes) => bytes.map(hex).join('')),
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map((text) => text.replace(/[\s?#]/g, '')),
);
const queryText = fc.oneof(
  fc.constantFrom('', '%', '%ZZ', '%C0%AF', '%00', 'q=%E0%A4%A', 'a=1&a=2&&=', '=', 'x'.repeat(5000)),
  fc
    .array(fc.tuple(fc.constantFrom(...PARAMETER_NAMES), integerValue), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')),
);

/** A concrete address for the route: each [param] and [...rest] gets a generated segment. */
function toTarget(route: RouteFile, values: string[], query: string): string {
  let next = 0;
  const pathText = route.segments
    .map((part) => (part.includes('[') ? part.replace(/\[[^\]]+\]/g, () => values[next++] ?? '1') : part))
    .join('/');
  return `/${pathText}${query ? `?${query}` : ''}`;
}

const route = fc.constantFrom(...routes);
const method = (chosen: RouteFile) =>
  fc.oneof(fc.constantFrom(...chosen.methods), fc.constantFrom('HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'BREW'));
const target = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(route, fc.array(segment, { minLength: 3, maxLength: 3 }), queryText) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constant(null),
      fc.constantFrom(['*'], ['http://evil.example/'], ['//evil.example/x'], ['/img/..%2f..%2f'], ['/_astro/%00']),
      fc.constant(''),
    ),
  },
);

/** Header text: visible ASCII mostly, sometimes bytes above 0x7f (obs-text) or a control character. */
const headerText = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 8 }).map((bytes) => String.fromCharCode(...bytes)) },
  { weight: 1, arbitrary: fc.constantFrom('\u0001', 'a\u0000b', '\u001b[31m', '\u007f') },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(6000), '%C0%AF', '%E0%A4%A', '%00', '=;=;', '"unterminated') },
);

interface Sessions {
  customer: string;
  staff: string;
}

function hostHeaders(port: number) {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(`br.localhost:${port}`, `es.localhost:${port}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('BR.LOCALHOST', 'es.localhost.', 'br.localhost:99999', `localhost:${port}`, '[::1]', 'evil.example', ''),
    },
    { weight: 1, arbitrary: headerText },
  );
}

function cookieHeader(sessions: Sessions) {
  const name = fc.constantFrom('fronteira_session', 'fronteira_staff', 'fronteira_lang', 'fronteira_cart', 'x');
  const value = fc.oneof(headerText, fc.constantFrom(sessions.customer, sessions.staff.split('=')[1] ?? '', 'es-AR', 'pt-BR', 'xx-YY'));
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, text]) => `${key}=${text.replace(/;/g, '')}`).join('; '));
}

const headerValues = (port: number, sessions: Sessions) =>
  fc.record(
    {
      host: hostHeaders(port),
      cookie: cookieHeader(sessions),
      'accept-language': fc.oneof(headerText, fc.constantFrom('es-PY;q=1e309', '*;q=abc', 'pt-BR,'.repeat(500), 'es')),
      origin: fc.oneof(
        headerText,
        fc.constantFrom('null', 'http://evil.example', `http://br.localhost:${port}`, `http://es.localhost:${port}`, 'http://[::1'),
      ),
      'content-type': fc.oneof(
        headerText,
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary="unterminated',
          `multipart/form-data; boundary=${'b'.repeat(300)}`,
          'application/json; charset=utf-16',
          'application/json; charset=nope',
          'text/plain;;;',
          'application/x-www-form-urlencoded; charset=latin1',
        ),
      ),
      'x-forwarded-for': fc.oneof(headerText, fc.constantFrom('1.2.3.4, ::1', 'unknown', '1.1.1.1,'.repeat(400), '[::1]:80')),
      'x-forwarded-proto': fc.oneof(headerText, fc.constantFrom('https', 'ftp', 'https, http')),
      'x-forwarded-host': fc.oneof(headerText, fc.constantFrom('evil.example', `br.localhost:${port}, evil.example`)),
      'x-request-id': headerText,
      'x-device-class': fc.oneof(headerText, fc.constantFrom('mobile', 'desktop', 'tablet')),
      'user-agent': headerText,
      'accept-encoding': fc.oneof(headerText, fc.constantFrom('br;q=abc', '*', 'gzip;q=0, identity;q=0')),
      'if-none-match': headerText,
      authorization: fc.oneof(headerText, fc.constant(`Bearer ${sessions.customer}`), fc.constant('Bearer ')),
      'sec-ch-ua-mobile': headerText,
      referer: headerText,
    },
    { requiredKeys: ['host'] },
  );

const body = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '{',
    '{"id":2147483648}',
    '{"ids":[1,9223372036854775808]}',
    'produto_id=2147483648&qtde=1e20',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  ),
  fc.string({ maxLength: 60 }),
);

interface RawAnswer {
  status: number;
  head: string;
}

/**
 * Writes the bytes as they are (latin1: one byte per character) and reads the answer until the
 * server closes (every request says `connection: close`). The socket is not half-closed: a page
 * render stops when its client has gone, and an early FIN reads as gone.
 */
function sendRaw(port: number, bytes: Buffer): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), head: text.slice(0, 300) });
    });
    socket.on('error', () => {}); // a reset after the answer: 'close' follows and reads what came
    socket.write(bytes);
  });
}

function toRequestBytes(methodName: string, targetText: string, version: string, headers: Record<string, string>, payload: string): Buffer {
  const lines = [`${methodName} ${targetText} ${version}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value.replace(/[\r\n]/g, '')}`);
  const bodyBytes = Buffer.from(payload, 'utf8');
  if (bodyBytes.length > 0) lines.push(`content-length: ${bodyBytes.length}`);
  lines.push('connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), bodyBytes]);
}

describe('every route under generated hostile requests', () => {
  const port = getRunStack().port;
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sessions: Sessions = { customer: '', staff: '' };

  /** /healthz on the connection opened before the first case: the same process answers. */
  function askHealthOnFirstConnection(): Promise<{ status: number; sameConnection: boolean }> {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: keepAlive }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, sameConnection: request.reusedSocket }));
      });
      request.on('error', reject);
    });
  }

  async function expectAnsweredAndAlive(bytes: Buffer): Promise<void> {
    const answer = await sendRaw(port, bytes);
    const sent = bytes.subarray(0, 400).toString('latin1');
    expect(answer.status, `no answer to:\n${sent}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, `${answer.head}\n-- to --\n${sent}`).toBeLessThan(500);
    expect(await askHealthOnFirstConnection(), `the process stopped answering after:\n${sent}`).toEqual({
      status: 200,
      sameConnection: true,
    });
  }

  beforeAll(async () => {
    sessions.customer = await signIn(await createTestCustomer());
    sessions.staff = (await createSignedInStaff('admin')).cookie;
    expect((await askHealthOnFirstConnection()).status).toBe(200);
  });

  it('found the route files and the parameters they read', () => {
    expect(routes.map((entry) => entry.file)).toEqual(expect.arrayContaining(['painel', 'painel/auditoria', 'ecom/venda/carrinho/[id]']));
    expect(PARAMETER_NAMES).toEqual(expect.arrayContaining(['page', 'cidade_id']));
  });

  it('generated request lines and paths get a 4xx at worst, and the process answers after each', async () => {
    await fc.assert(
      fc.asyncProperty(
        target.chain(([chosen, values, query]) =>
          fc.tuple(
            fc.constant(chosen === null ? values[0]! : toTarget(chosen, values, query)),
            chosen === null ? fc.constantFrom('GET', 'POST') : method(chosen),
            fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x'),
            fc.constantFrom('br', 'es'),
            fc.boolean(),
          ),
        ),
        body,
        async ([targetText, methodName, version, host, signedIn], payload) => {
          const headers: Record<string, string> = { host: `${host}.localhost:${port}`, origin: `http://${host}.localhost:${port}` };
          if (signedIn) headers.cookie = `fronteira_session=${sessions.customer}; ${sessions.staff}`;
          await expectAnsweredAndAlive(toRequestBytes(methodName, targetText, version, headers, methodName === 'GET' ? '' : payload));
        },
      ),
      { numRuns: RUNS_PER_CLASS, seed: SEED },
    );
  }, 120_000);

  it('odd values in every header the shop reads get a 4xx at worst, and the process answers after each', async () => {
    await fc.assert(
      fc.asyncProperty(
        route.chain((chosen) =>
          fc.tuple(
            fc.constant(chosen),
            method(chosen),
            fc.array(fc.constantFrom('1', '2', 'x'), { minLength: 3, maxLength: 3 }),
            queryText,
          ),
        ),
        headerValues(port, sessions),
        body,
        async ([chosen, methodName, values, query], headers, payload) => {
          await expectAnsweredAndAlive(
            toRequestBytes(methodName, toTarget(chosen, values, query), 'HTTP/1.1', headers, methodName === 'GET' ? '' : payload),
          );
        },
      ),
      { numRuns: RUNS_PER_CLASS, seed: SEED },
    );
  }, 120_000);
});
