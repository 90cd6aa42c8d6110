import { describe, expect, it } from 'vitest';
import { api, getTestDb } from '../support/api.ts';

/**
 * Issue 21 point 2-3 for a CDN in front, on every kind of catalogue page (the page-cache test
 * covers the product page): a shared, short-lived copy (`s-maxage` + `stale-while-revalidate`,
 * the home included), `Vary` on what a CDN can key on (never User-Agent), and the purge tags in
 * both headers' syntaxes, the same list.
 */
async function getCataloguePaths(): Promise<Record<string, string>> {
  const db = getTestDb();
  const product = (await db.query<{ slug: string }>('SELECT slug FROM products WHERE active ORDER BY id LIMIT 1')).rows[0]!;
  const brand = (
    await db.query<{ slug: string }>(
      'SELECT b.slug FROM brands b JOIN products p ON p.brand_id = b.id WHERE p.active ORDER BY b.id LIMIT 1',
    )
  ).rows[0]!;
  return {
    home: '/',
    listing: '/produtos',
    search: '/produtos?text=furadeira',
    product: `/produto/${product.slug}`,
    brands: '/marcas',
    brand: `/marca/${brand.slug}`,
  };
}

describe('catalogue pages for a CDN', () => {
  it('every kind is shared briefly, varies on no User-Agent, and names its purge tags twice alike', async () => {
    for (const [kind, path] of Object.entries(await getCataloguePaths())) {
      for (const host of ['br', 'es'] as const) {
        const response = await api(path, { host, headers: { 'accept-encoding': 'br' } });
        const label = `${kind} ${host} ${path}`;
        expect(response.status, label).toBe(200);
        expect(response.headers.get('cache-control'), label).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
        const vary = (response.headers.get('vary') ?? '').split(/,\s*/).map((name) => name.toLowerCase());
        expect(vary, label).toContain('host');
        expect(vary, label).not.toContain('user-agent');
        expect(vary, label).not.toContain('cookie');
        const surrogate = response.headers.get('surrogate-key')?.split(' ') ?? [];
        expect(surrogate, label).toEqual(expect.arrayContaining(['all', 'rates']));
        expect(response.headers.get('cache-tag')?.split(','), label).toEqual(surrogate);
        await response.arrayBuffer();
      }
    }
  });
});
