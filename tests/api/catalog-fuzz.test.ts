import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';

/**
 * Property tests: random and hostile query strings, path ids and bodies thrown at every public
 * catalogue endpoint. The answer is never a 5xx and always JSON (an error carries a message).
 */

const HOSTILE = [
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '9'.repeat(40),
  '[]',
  '{}',
  'null',
  'true',
  'a:* & b | !c <-> d',
  "\\'",
  '\uD800',
  '😀🔧',
  'ação',
  ' ',
  ',',
  ',,,',
  '1,,2',
  '-1',
  '1.5',
  '２',
];
const PARAMS = [
  'text',
  'category_id',
  'department_id',
  'brand_id',
  'brands_ids',
  'page',
  'per_page',
  'order_by',
  'order',
  'all_products',
  'moeda_id',
  'lang',
  'special',
  'tem_estoque',
  'unknown',
  'page[]',
  '__proto__',
  'constructor',
];

const value = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const queryString = fc
  .array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.toWellFormed())}`).join('&'));

async function expectJsonAnswer(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = await response.json();
  if (response.status >= 400) expect(typeof body.message).toBe('string');
}

const RUNS = { numRuns: 40 };

describe('public catalogue endpoints under random input', () => {
  it.each(['/api/public/start', '/api/public/categories', '/api/public/brands', '/api/public/products', '/api/public/team'])(
    'GET %s never fails with a 5xx',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(queryString, fc.constantFrom('br' as const, 'es' as const), async (query, host) => {
          await expectJsonAnswer(await api(`${path}?${query}`, { host }));
        }),
        RUNS,
      );
    },
    60_000,
  );

  it('GET /api/public/products/{id}/details takes any id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ minLength: 1, maxLength: 40 }), fc.integer().map(String)),
        queryString,
        async (id, query) => {
          const response = await api(`/api/public/products/${encodeURIComponent(id.toWellFormed())}/details?${query}`);
          if (response.status === 404 && !(response.headers.get('content-type') ?? '').includes('json')) {
            // An id that is not one path segment ('..', '/') never reaches the endpoint: Astro's 404 page.
            expect(id).toMatch(/^\.{1,2}$|\/|%|\\/);
            return;
          }
          await expectJsonAnswer(response);
        },
      ),
      RUNS,
    );
  }, 60_000);

  it('POST /api/public/contato-newsletter takes any body', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ celular: fc.oneof(fc.jsonValue(), fc.constantFrom(...HOSTILE)) }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('{', '{"celular":}', '[1,2', '\u0000', '{"celular":"1"}'.repeat(1000)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        await expectJsonAnswer(
          await api('/api/public/contato-newsletter', {
            method: 'POST',
            body: text,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
      RUNS,
    );
  }, 60_000);
});
