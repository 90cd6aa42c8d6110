import type { ApiCall } from '../http/api-call.ts';
import { toErrorResult } from '../http/error-result.ts';
import { rawResult, type ApiResult } from '../http/responses.ts';
import { checkApiStaff, getPanelLocale, toAuditActor } from '../staff/index.ts';
import { buyerError } from './errors.ts';
import { getBuyerService } from './index.ts';
import type { OpenedDocument } from './service.ts';

/**
 * How a decrypted identity document leaves the server: never cached, its type from its bytes,
 * no sniffing, a file name, and a CSP that sandboxes it (no script, no form, no navigation of
 * the panel), so even a crafted file shown inline can do nothing. Unknown types download.
 */
function toDocumentResult(document: OpenedDocument): ApiResult {
  const inline = document.contentType !== 'application/octet-stream';
  return rawResult(200, new Uint8Array(document.bytes), {
    'content-type': document.contentType,
    'content-length': String(document.bytes.length),
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${document.fileName}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  });
}

/** GET /api/painel/documentos/{uuid}: an identity document, decrypted for an admin; each view audited. */
export async function getBuyerDocument({ id, locals }: ApiCall): Promise<ApiResult> {
  const staff = checkApiStaff(locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const document = await getBuyerService().openDocument(toAuditActor(staff), id);
  if (!document) return toErrorResult(buyerError('not_found', 'documentGone'), getPanelLocale(locals));
  return toDocumentResult(document);
}
