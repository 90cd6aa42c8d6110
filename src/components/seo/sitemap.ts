/** sitemap.xml and robots.txt bodies; pure so they are easy to test and to extend. */
export const STATIC_PATHS = ['/', '/produtos', '/marcas', '/vendedores', '/sobre-nos', '/como-comprar', '/cotacoes'] as const;

/** Paths no crawler needs: personal, transactional and API addresses. */
export const DISALLOWED_PATHS = ['/api/', '/ecom/', '/carrinho', '/checkout', '/perfil', '/login', '/cadastro', '/success'] as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface SitemapEntry {
  path: string;
  lastmod?: string | undefined;
}

/** A storefront's address of every page: hreflang pairs point there. */
export interface Alternate {
  hreflang: string;
  origin: string;
}

/** Every entry lists each served storefront's origin as an hreflang alternate. */
export function toSitemapXml(origin: string, alternates: readonly Alternate[], entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return (
      `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}` +
      alternates
        .map(
          (alternate) =>
            `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.origin + entry.path)}"/>`,
        )
        .join('') +
      '</url>'
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Past the limit, /sitemap.xml is an index of parts, each served as /sitemap.xml?parte=N. */
export function toSitemapIndexXml(origin: string, parts: number): string {
  const items = Array.from(
    { length: parts },
    (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?parte=${index + 1}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The body /sitemap.xml answers for `parte` (null when absent): the whole urlset while it fits
 * in one file, else the index, or one part of it. Null for a part that does not exist.
 */
export function toSitemapBody(
  origin: string,
  alternates: readonly Alternate[],
  entries: readonly SitemapEntry[],
  part: string | null,
  max = SITEMAP_MAX_URLS,
): string | null {
  const parts = Math.ceil(entries.length / max);
  if (parts <= 1) return part === null || part === '1' ? toSitemapXml(origin, alternates, entries) : null;
  if (part === null) return toSitemapIndexXml(origin, parts);
  const n = /^[1-9]\d{0,5}$/.test(part) ? Number(part) : 0;
  if (n < 1 || n > parts) return null;
  return toSitemapXml(origin, alternates, entries.slice((n - 1) * max, n * max));
}

export function toRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
