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

/** Every entry lists both storefront origins as hreflang alternates. */
export function toSitemapXml(origin: string, alternates: { br: string; es: string }, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}`
      + `<xhtml:link rel="alternate" hreflang="pt-BR" href="${escapeXml(alternates.br + entry.path)}"/>`
      + `<xhtml:link rel="alternate" hreflang="es" href="${escapeXml(alternates.es + entry.path)}"/></url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function toRobotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
