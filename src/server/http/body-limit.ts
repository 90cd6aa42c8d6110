import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { BodySource } from './responses.ts';

/** The largest request body the shop reads (identity documents are 5 MB, sent base64 or multipart). */
export const BODY_SIZE_LIMIT_BYTES = 12 * 1024 * 1024;

/**
 * The panel's uploads of pictures in bulk (a ZIP of a catalogue's pictures, issue 33.5): the one
 * body allowed past BODY_SIZE_LIMIT_BYTES, streamed to disk by http/multipart.ts's spoolMultipart.
 */
export const LARGE_UPLOAD_LIMIT_BYTES = 1024 * 1024 * 1024;
const LARGE_UPLOAD_PATHS = new Set(['/painel/catalogo/importar', '/painel/catalogo/fotos']);

/** Whether this request is a large upload (a POST to one of the pages that take a ZIP of pictures). */
export function isLargeUpload(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && LARGE_UPLOAD_PATHS.has((url ?? '').split('?', 1)[0] ?? '');
}

/** The largest body this request may declare. */
export function toBodyLimit(req: IncomingMessage): number {
  return isLargeUpload(req.method, req.url) ? LARGE_UPLOAD_LIMIT_BYTES : BODY_SIZE_LIMIT_BYTES;
}

/**
 * A large upload's body for its page, kept out of Astro's request (whose body Astro caps at
 * BODY_SIZE_LIMIT_BYTES): server.mjs hands it over in `locals.largeUpload` and gives Astro an
 * empty body; spoolMultipart enforces LARGE_UPLOAD_LIMIT_BYTES while it reads. Null for any other request.
 */
export function takeLargeUpload(req: IncomingMessage & { body?: unknown }): BodySource | null {
  if (!isLargeUpload(req.method, req.url)) return null;
  req.body = new Uint8Array(0);
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  return {
    contentType: header('content-type'),
    contentLength: header('content-length'),
    text: () => Promise.reject(new Error('a large upload is read as a stream')),
    stream: () => Readable.toWeb(req) as ReadableStream<Uint8Array>,
  };
}
