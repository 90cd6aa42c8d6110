import type { PictureStore } from './picture-store.ts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** One width of a stored picture: the address holds the content hash, so it is cached for a year, immutable. */
export async function servePictureFile(store: PictureStore, file: string | undefined): Promise<Response> {
  const match = file?.match(/^([0-9a-f]{20})-(\d{2,4})\.webp$/);
  const bytes = match?.[1] && match[2] ? await store.readPictureVariant(match[1], Number(match[2])) : null;
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
