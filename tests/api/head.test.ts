import { describe, expect, it } from 'vitest';
import { api, getRunStack } from '../support/api.ts';
import { getJsonLd, getLinks, getMeta, getTitle } from '../support/html-head.ts';

const origin = (host: 'br' | 'es') => `http://${host}.localhost:${getRunStack().port}`;
const PAGES = ['/', '/sobre-nos', '/como-comprar', '/cotacoes'];

describe.each(['br', 'es'] as const)('head on the %s storefront', (host) => {
  it.each(PAGES)('%s has a bounded title and description, canonical and hreflang pair', async (path) => {
    const response = await api(path, { host });
    expect(response.status).toBe(200);
    const html = await response.text();
    const title = getTitle(html);
    const description = getMeta(html, 'description') ?? '';
    expect(title.length).toBeGreaterThan(5);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(getLinks(html, 'canonical')).toEqual([{ href: origin(host) + path, hreflang: null }]);
    const alternates = getLinks(html, 'alternate');
    expect(alternates).toContainEqual({ href: origin('br') + path, hreflang: 'pt-BR' });
    expect(alternates).toContainEqual({ href: origin('es') + path, hreflang: 'es' });
    expect(alternates).toContainEqual({ href: origin('br') + path, hreflang: 'x-default' });
  });

  it('describes the organisation and the website of its own host in JSON-LD', async () => {
    const html = await (await api('/', { host })).text();
    const blocks = getJsonLd(html);
    const organization = blocks.find((block) => block['@type'] === 'Organization');
    const website = blocks.find((block) => block['@type'] === 'WebSite');
    expect(organization?.url).toBe(`${origin(host)}/`);
    expect(organization?.name).toBe(host === 'br' ? 'Fronteira Ferramentas' : 'Fronteira Herramientas');
    expect(website?.inLanguage).toBe(host === 'br' ? 'pt-BR' : 'es-PY');
    const action = website?.potentialAction as { target: { urlTemplate: string } };
    expect(action.target.urlTemplate).toBe(`${origin(host)}/produtos?text={search_term_string}`);
  });

  it('serves robots.txt pointing at its own sitemap and keeping crawlers out of private paths', async () => {
    const response = await api('/robots.txt', { host });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${origin(host)}/sitemap.xml`);
    expect(text).toMatch(/^Disallow: \/checkout$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it('serves a sitemap of its own origin with the other host as alternate', async () => {
    const response = await api('/sitemap.xml', { host });
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${origin(host)}/`);
    expect(locs).toContain(`${origin(host)}/sobre-nos`);
    expect(locs.every((loc) => loc?.startsWith(origin(host)))).toBe(true);
    expect(xml).toContain(`hreflang="pt-BR" href="${origin('br')}/sobre-nos"`);
    expect(xml).toContain(`hreflang="es" href="${origin('es')}/sobre-nos"`);
  });
});
