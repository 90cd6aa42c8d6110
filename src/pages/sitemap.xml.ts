import type { APIRoute } from 'astro';
import { getCanonicalStorefront } from '../components/seo/seo.ts';
import { getSitemapEntries } from '../components/seo/sitemap-entries.ts';
import { toSitemapBody } from '../components/seo/sitemap.ts';
import { getAlternates, getStorefrontOrigin } from '#server/storefront-hosts.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const origin = getStorefrontOrigin(getCanonicalStorefront(locals.storefront, locals.locale));
  const body = toSitemapBody(origin, getAlternates(), await getSitemapEntries(locals.locale), url.searchParams.get('parte'));
  if (body === null) return new Response(null, { status: 404 });
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600, s-maxage=3600' },
  });
};
