import type { APIContext } from 'astro';
import { toErrorResponse } from '../http/error-result.ts';
import { getPanelLocale, requireApiStaff, toAuditActor } from '../staff/http.ts';
import { buyerError } from './errors.ts';
import { getBuyerService } from './index.ts';
import type { OpenedDocument } from './service.ts';

/**
 * How a decrypted identity document leaves the server: never cached, its type from its bytes,
 * no sniffing, a file name, and a CSP that sandboxes it (no script, no form, no navigation of
 * the panel), so even a crafted file shown inline can do nothing. Unknown types download.
 */
function toDocumentResponse(document: OpenedDocument): Response {
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

/** GET /api/painel/documentos/{uuid}: an identity document, decrypted for an admin; each view audited. */
export async function getBuyerDocument(context: APIContext): Promise<Response> {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  const document = await getBuyerService().openDocument(toAuditActor(staff), context.params.uuid ?? '');
  if (!document) return toErrorResponse(buyerError('not_found', 'documentGone'), getPanelLocale(context.locals));
  return toDocumentResponse(document);
}
