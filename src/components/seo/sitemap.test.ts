import { describe, expect, it } from 'vitest';
import { toSitemapBody } from './sitemap.ts';

const origins = { br: 'https://br.example', es: 'https://es.example' };
const alternates = [
  { hreflang: 'pt-BR', origin: origins.br },
  { hreflang: 'es', origin: origins.es },
];
const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/produto/p${i + 1}`, lastmod: '2026-01-02T03:04:05Z' }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('toSitemapBody', () => {
  it('answers one urlset with lastmod and an hreflang pair per URL while it fits', () => {
    const xml = toSitemapBody(origins.es, alternates, entries, null, 5)!;
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toHaveLength(5);
    expect(xml.match(/<lastmod>2026-01-02T03:04:05Z<\/lastmod>/g)).toHaveLength(5);
    expect(xml).toContain('hreflang="pt-BR" href="https://br.example/produto/p3"');
    expect(xml).toContain('hreflang="es" href="https://es.example/produto/p3"');
    expect(toSitemapBody(origins.es, alternates, entries, '2', 5)).toBeNull();
  });
  it('past the limit answers an index of parts, each part a urlset of at most the limit', () => {
    const index = toSitemapBody(origins.br, alternates, entries, null, 2)!;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `https://br.example/sitemap.xml?parte=${n}`));
    const parts = ['1', '2', '3'].map((n) => locs(toSitemapBody(origins.br, alternates, entries, n, 2)!));
    expect(parts.map((part) => part.length)).toEqual([2, 2, 1]);
    expect(parts.flat()).toEqual(entries.map((entry) => `https://br.example${entry.path}`));
    for (const bad of ['0', '4', 'x', '-1', '1e3']) expect(toSitemapBody(origins.br, alternates, entries, bad, 2)).toBeNull();
  });
});
