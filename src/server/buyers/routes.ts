import type { OpenedDocument } from './service.ts';

/**
 * How a decrypted identity document leaves the server: never cached, its type from its bytes,
 * no sniffing, a file name, and a CSP that sandboxes it (no script, no form, no navigation of
 * the panel), so even a crafted file shown inline can do nothing. Unknown types download.
 */
export function toDocumentResponse(document: OpenedDocument): Response {
  const inline = document.contentType !== 'application/octet-stream';
  return new Response(new Uint8Array(document.bytes), {
    status: 200,
    headers: {
      'content-type': document.contentType,
      'content-length': String(document.bytes.length),
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${document.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    },
  });
}
