import { describe, expect, it } from 'vitest';
import { api, getTestDb, getRunStack } from '../support/api.ts';

const origin = (host: 'br' | 'es') => `http://${host}.localhost:${getRunStack().port}`;

/** `<url>` blocks of a sitemap by their `<loc>`, each with its lastmod and hreflang alternates. */
function readUrls(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? '',
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1] ?? null,
    alternates: Object.fromEntries([...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])),
  }));
}

describe.each(['br', 'es'] as const)('sitemap of the %s storefront', (host) => {
  it('lists every product of the catalogue and every brand once, with lastmod and an hreflang pair', async () => {
    // Read before the sitemap: products other tests add meanwhile may be listed too, never missing.
    // Products an admin took off the shop (active = false) are left out of the sitemap.
    const products = await getTestDb().query<{ slug: string; updated_at: Date }>('SELECT slug, updated_at FROM products WHERE active');
    const brands = await getTestDb().query<{ slug: string }>('SELECT slug FROM brands');
    expect(products.rows.length).toBeGreaterThan(20); // the demo catalogue is there
    const response = await api('/sitemap.xml', { host });
    expect(response.status).toBe(200);
    const urls = readUrls(await response.text());
    const byLoc = new Map<string, typeof urls>();
    for (const url of urls) byLoc.set(url.loc, [...(byLoc.get(url.loc) ?? []), url]);
    for (const { slug, updated_at: updatedAt } of products.rows) {
      const path = `/produto/${encodeURIComponent(slug)}`;
      const found = byLoc.get(origin(host) + path) ?? [];
      expect(found, path).toHaveLength(1);
      expect(found[0]!.alternates).toEqual({ 'pt-BR': origin('br') + path, es: origin('es') + path });
      expect(new Date(found[0]!.lastmod!).getTime()).toBe(Math.floor(updatedAt.getTime() / 1000) * 1000);
    }
    for (const { slug } of brands.rows) {
      const path = `/marca/${encodeURIComponent(slug)}`;
      expect(byLoc.get(origin(host) + path) ?? [], path).toHaveLength(1);
    }
  });
});

describe('sitemap parts', () => {
  it('answers 404 for a part that does not exist while the sitemap fits in one file', async () => {
    expect((await api('/sitemap.xml?parte=2', { host: 'es' })).status).toBe(404);
    expect((await api('/sitemap.xml?parte=1', { host: 'es' })).status).toBe(200);
  });
});
