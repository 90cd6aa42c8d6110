import sharp from 'sharp';
import { DEMO_PRODUCT_WIDTHS } from '#lib/pictures.ts';
import { BRANDS } from '../db/seed/catalogue-data.ts';
import { isImageKind, renderAvatar, renderBanner, renderBrandLogo, renderProductImage } from './svg-art.ts';

/**
 * The generated demo pictures served under /img/: products /img/p/{kind}/{seed}-{view}.webp,
 * `-160`/`-320` narrower copies of products for srcset, brand logos /img/brand/{slug}.webp, banners /img/banner/{wide|tile}-{kind}-{seed}.webp,
 * seller avatars /img/seller/{n}.webp. Drawn as SVG (svg-art.ts) and sent as WebP: a browser
 * builds a whole document on its main thread for every SVG picture (10-30 ms each on a throttled
 * phone, a dozen pictures on the home page), while a raster picture decodes off it (issue 3's
 * TBT budget). The same addresses ending in .svg still answer the drawing itself (databases
 * seeded before the switch). Deterministic, so cached for a long time.
 */
type Format = 'svg' | 'webp';

const CACHE_CONTROL = 'public, max-age=86400, s-maxage=604800, stale-while-revalidate=604800';
/** Product pictures are drawn at 1.5x their 400 px box: sharp enough in the product gallery. */
const PRODUCT_DENSITY = 72 * 1.5;
const PRODUCT_FULL_WIDTH = 600;
const WEBP_CACHE_LIMIT = 600;
const webpCache = new Map<string, Promise<Buffer>>();

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The WebP of a drawing, encoded once per process (the most recent WEBP_CACHE_LIMIT kept); effort 2
 * encodes about 3x faster than the default 4 for about 10% more bytes (3.8 kB for a product). */
function toWebp(key: string, svg: string, density: number): Promise<Buffer> {
  const cached = webpCache.get(key);
  if (cached) {
    webpCache.delete(key);
    webpCache.set(key, cached);
    return cached;
  }
  const encoded = sharp(Buffer.from(svg), { density }).webp({ quality: 80, effort: 2 }).toBuffer();
  webpCache.set(key, encoded);
  encoded.catch(() => webpCache.delete(key));
  if (webpCache.size > WEBP_CACHE_LIMIT) webpCache.delete(webpCache.keys().next().value as string);
  return encoded;
}

async function imageResponse(key: string, svg: string | null, format: Format, density = 72): Promise<Response> {
  if (svg === null) return notFound();
  if (format === 'svg') {
    return new Response(svg, {
      headers: {
        'content-type': 'image/svg+xml',
        'cache-control': CACHE_CONTROL,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  const body = await toWebp(key, svg, density);
  return new Response(new Uint8Array(body), { headers: { 'content-type': 'image/webp', 'cache-control': CACHE_CONTROL } });
}

/** `name.svg` or `name.webp` split into the name (matched by `name`) and the format. */
function parseFile(file: string | undefined, name: RegExp): { match: RegExpMatchArray; format: Format } | null {
  const parts = file?.match(/^(.+)\.(svg|webp)$/);
  const match = parts?.[1]?.match(name);
  return parts && match ? { match, format: parts[2] as Format } : null;
}

export function getProductImage(kind: string | undefined, file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^(\d{1,9})-([1-9])(?:-(\d{3}))?$/);
  if (!kind || !isImageKind(kind) || !parsed) return Promise.resolve(notFound());
  const [, seed, view, width] = parsed.match;
  // `-160` / `-320`: the narrower files a srcset offers thumbnails and cards (src/lib/pictures.ts).
  const scale = width ? Number(width) / PRODUCT_FULL_WIDTH : 1;
  if (width && !(DEMO_PRODUCT_WIDTHS as readonly number[]).includes(Number(width))) return Promise.resolve(notFound());
  const svg = renderProductImage(kind, Number(seed), Number(view) - 1);
  return imageResponse(`p/${kind}/${file}`, svg, parsed.format, PRODUCT_DENSITY * scale);
}

export function getBrandLogo(file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^([a-z0-9-]{1,60})$/);
  const slug = parsed?.match[1];
  if (!parsed || !slug) return Promise.resolve(notFound());
  const brand = BRANDS.find((b) => b.slug === slug);
  const name = brand?.name ?? slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return imageResponse(`brand/${file}`, renderBrandLogo({ name, colors: brand?.colors ?? ['#1f7a3a', '#ffffff'] }), parsed.format);
}

export function getBannerImage(file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^(wide|tile)-([a-z]+)-(\d{1,6})$/);
  const kind = parsed?.match[2];
  if (!parsed || !kind || !isImageKind(kind)) return Promise.resolve(notFound());
  return imageResponse(`banner/${file}`, renderBanner(kind, Number(parsed.match[3]), parsed.match[1] === 'wide'), parsed.format);
}

export function getSellerAvatar(file: string | undefined): Promise<Response> {
  const parsed = parseFile(file, /^(\d{1,6})$/);
  return parsed ? imageResponse(`seller/${file}`, renderAvatar(Number(parsed.match[1])), parsed.format) : Promise.resolve(notFound());
}
