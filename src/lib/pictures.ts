/**
 * Addresses of pictures in several widths (issue 20.2), shared by the server that makes them and
 * the components that ask for them with `srcset`/`sizes`.
 *
 * - Uploaded pictures: `/img/f/{hash}-{width}.webp`, where `hash` is the first 20 hex digits of the
 *   SHA-256 of the original file. The stored address names the largest width made; every width of
 *   PICTURE_WIDTHS below it exists too, so the address alone tells which widths can be asked for.
 * - The demo seed's drawn products: `/img/p/{kind}/{seed}-{view}.webp` (600 px) and the same with
 *   `-160` or `-320` before `.webp`.
 */
export const PICTURE_WIDTHS = [96, 160, 240, 320, 480, 640, 960, 1280, 1920] as const;

export type PicturePurpose = 'product' | 'banner' | 'brand' | 'seller';

/** The widest variant made for each use: a product gallery's modal is at most 900 px, a banner fills a wide screen. */
export const PICTURE_MAX_WIDTH: Record<PicturePurpose, number> = { product: 1280, banner: 1920, brand: 480, seller: 480 };

const UPLOADED = /^\/img\/f\/([0-9a-f]{20})-(\d{2,4})\.webp$/;
const DEMO = /^(\/img\/p\/[a-z]+\/\d{1,9}-[1-9])\.webp$/;
export const DEMO_PRODUCT_WIDTHS = [160, 320] as const;
const DEMO_FULL_WIDTH = 600;

/** The widths made for a picture `originalWidth` wide used as `purpose`: ladder steps below the top, then the top. */
export function getVariantWidths(originalWidth: number, purpose: PicturePurpose): number[] {
  const top = Math.min(originalWidth, PICTURE_MAX_WIDTH[purpose]);
  return [...PICTURE_WIDTHS.filter((width) => width < top), top];
}

export function toPictureUrl(hash: string, width: number): string {
  return `/img/f/${hash}-${width}.webp`;
}

/** `{hash, width}` of an uploaded picture's address, or null for any other address. */
export function parsePictureUrl(url: string): { hash: string; width: number } | null {
  const match = url.match(UPLOADED);
  return match?.[1] && match[2] ? { hash: match[1], width: Number(match[2]) } : null;
}

/** The `srcset` of a picture address, or undefined when only the one file exists (old or outside addresses). */
export function getPictureSrcset(url: string): string | undefined {
  const uploaded = parsePictureUrl(url);
  if (uploaded) {
    return PICTURE_WIDTHS.filter((width) => width < uploaded.width)
      .map((width) => `${toPictureUrl(uploaded.hash, width)} ${width}w`)
      .concat(`${url} ${uploaded.width}w`)
      .join(', ');
  }
  const demo = url.match(DEMO)?.[1];
  if (demo) return [...DEMO_PRODUCT_WIDTHS.map((width) => `${demo}-${width}.webp ${width}w`), `${url} ${DEMO_FULL_WIDTH}w`].join(', ');
  return undefined;
}
