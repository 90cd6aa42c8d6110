import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, sameOrigin, signIn } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { listRouteFiles } from '../support/route-files.ts';

/**
 * Issue 22 point 4: no input alone makes the shop answer 5xx. Every route file under src/pages
 * (the API, /ecom and the pages), enumerated from the files with their [params], gets generated
 * ids, query values and bodies on every method it exports, signed in and not.
 */

const routes = listRouteFiles();

const HOSTILE = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '9'.repeat(40),
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  '-'.repeat(36),
  'a'.repeat(36),
  'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaaa',
  "' OR 1=1 --",
  '\u0000',
  'a\u0000b',
  '%00',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '\uD800',
  '😀',
  'ação',
  ' ',
  'x'.repeat(5000),
  '[]',
  '{}',
  'null',
  'true',
];
const text = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.uuid(),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 53n }).map(Number),
);
const FIELDS = [
  'id',
  'produto_id',
  'qtde',
  'armazem_id',
  'token',
  'cep',
  'cidade_id',
  'estado_id',
  'email',
  'password',
  'nome',
  'sobrenome',
  'telefone',
  'documento',
  'cliente_endereco_id',
  'entrega_servico_id',
  'id_ponto_entrega',
  'token_entrega',
  'valor_frete',
  'parcelas',
  'external_id',
  'redirect',
  'page',
  'per_page',
  'text',
  'uuid',
  'codigo',
  'current_password',
  'new_password',
  'logradouro',
  'numero',
  'bairro',
  'cidade',
  'estado',
  'pais_id',
  'reference',
  'status',
];
const field = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 }));
const jsonValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(field, scalar, { maxKeys: 3 }));
const jsonBody = fc.dictionary(field, jsonValue, { maxKeys: 8 });

const wellFormed = (value: string) => encodeURIComponent(value.toWellFormed());
const query = fc
  .array(fc.tuple(field, text), { maxLength: 5 })
  .map((pairs) => pairs.map(([key, value]) => `${wellFormed(key)}=${wellFormed(value)}`).join('&'));

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; value: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  jsonBody.map((value): Body => ({ kind: 'json', value })),
  fc
    .tuple(
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'),
      fc.oneof(text, query),
    )
    .map(([type, value]): Body => ({ kind: 'raw', type, value })),
);

/** A concrete address for the route: each [param] gets a generated value, [...rest] one to three. */
function toPath(segments: string[], values: string[][]): string {
  return (
    '/' +
    segments
      .map((segment, index) => {
        if (segment.startsWith('[...')) return (values[index] ?? ['x']).map(wellFormed).join('/');
        return segment.replace(/\[[^\]]+\]/g, () => wellFormed(values[index]?.[0] ?? 'x'));
      })
      .join('/')
  );
}

const RUNS_PER_ROUTE = 12;
/**
 * One seed per run, printed, so a failure can be replayed (FC_SEED=<seed>); CI runs a fixed one
 * unless FC_SEED=random asks for a new exploration.
 */
const SEED = process.env.FC_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FC_SEED ?? 20_261_125);
console.log(`hostile-input seed: ${SEED}`);
let token = '';

beforeAll(async () => {
  token = await signIn(await createTestCustomer());
});

describe('every route under generated hostile input', () => {
  it('found the route files', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map((route) => route.file)).toContain('ecom/venda/carrinho/[id]');
  });

  it.each(routes.flatMap((route) => route.methods.map((method) => [method, route.file, route] as const)))(
    '%s /%s answers without a 5xx',
    async (method, _file, route) => {
      const params = fc.array(
        fc.array(
          fc.oneof(
            text.filter((value) => value !== ''),
            fc.constantFrom('1', '2'),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        { minLength: route.segments.length, maxLength: route.segments.length },
      );
      await fc.assert(
        fc.asyncProperty(
          params,
          query,
          body,
          fc.constantFrom('br' as const, 'es' as const),
          fc.boolean(),
          async (values, search, payload, host, signedIn) => {
            const address = `${toPath(route.segments, values)}${search ? `?${search}` : ''}`;
            const headers: Record<string, string> = { ...sameOrigin(host) };
            const useToken = signedIn && route.file !== 'ecom/logout';
            const sendsBody = method !== 'GET' && payload.kind !== 'none';
            if (sendsBody && payload.kind === 'raw') headers['content-type'] = payload.type;
            const response = await api(address, {
              method,
              host,
              headers,
              ...(useToken ? { token } : {}),
              ...(sendsBody ? (payload.kind === 'json' ? { json: payload.value } : { body: payload.value }) : {}),
            });
            await response.arrayBuffer();
            expect(response.status, `${method} ${address} ${JSON.stringify(payload).slice(0, 300)}`).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
    },
    30_000,
  );
});
