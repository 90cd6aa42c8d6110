import { BRANDS } from '../db/seed/catalogue-data.ts';
import { isImageKind, renderAvatar, renderBanner, renderBrandLogo, renderProductImage } from './svg-art.ts';

/**
 * The generated demo pictures served under /img/: products /img/p/{kind}/{seed}-{view}.svg,
 * brand logos /img/brand/{slug}.svg, banners /img/banner/{wide|tile}-{kind}-{seed}.svg,
 * seller avatars /img/seller/{n}.svg. Deterministic, so cached for a long time.
 */
function svgResponse(svg: string | null): Response {
  if (svg === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400, s-maxage=604800, stale-while-revalidate=604800',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

export function getProductImage(kind: string | undefined, file: string | undefined): Response {
  const match = file?.match(/^(\d{1,9})-([1-9])\.svg$/);
  if (!kind || !isImageKind(kind) || !match) return svgResponse(null);
  return svgResponse(renderProductImage(kind, Number(match[1]), Number(match[2]) - 1));
}

export function getBrandLogo(file: string | undefined): Response {
  const slug = file?.match(/^([a-z0-9-]{1,60})\.svg$/)?.[1];
  if (!slug) return svgResponse(null);
  const brand = BRANDS.find((b) => b.slug === slug);
  const name = brand?.name ?? slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return svgResponse(renderBrandLogo({ name, colors: brand?.colors ?? ['#1f7a3a', '#ffffff'] }));
}

export function getBannerImage(file: string | undefined): Response {
  const match = file?.match(/^(wide|tile)-([a-z]+)-(\d{1,6})\.svg$/);
  const kind = match?.[2];
  if (!match || !kind || !isImageKind(kind)) return svgResponse(null);
  return svgResponse(renderBanner(kind, Number(match[3]), match[1] === 'wide'));
}

export function getSellerAvatar(file: string | undefined): Response {
  const match = file?.match(/^(\d{1,6})\.svg$/);
  return svgResponse(match ? renderAvatar(Number(match[1])) : null);
}
