import type { APIRoute } from 'astro';
import { getCanonicalStorefront } from '../components/seo/seo.ts';
import { toRobotsTxt } from '../components/seo/sitemap.ts';
import { getStorefrontOrigin } from '#server/storefront-hosts.ts';

export const GET: APIRoute = ({ locals }) => {
  const origin = getStorefrontOrigin(getCanonicalStorefront(locals.storefront, locals.locale));
  return new Response(toRobotsTxt(origin), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
