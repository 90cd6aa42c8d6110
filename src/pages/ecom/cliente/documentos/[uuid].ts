import type { APIRoute } from 'astro';
import { jsonError } from '../../../../server/http/responses.ts';
import { getAccountTexts } from '../../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../../server/accounts/require-customer.ts';
import { getDocumentService } from '../../../../server/accounts/index.ts';

/** GET /ecom/cliente/documentos/{uuid}: the owner's identity-document file, as an attachment. */
export const GET: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const document = await getDocumentService().readDocument(customer.id, context.params.uuid ?? '');
  if (!document) return jsonError(404, getAccountTexts(context.locals.locale).c('resourceNotFound'));
  const extension = document.contentType === 'application/pdf' ? 'pdf' : document.contentType === 'image/jpeg' ? 'jpg' : 'png';
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      'content-type': document.contentType,
      'content-disposition': `attachment; filename="documento-${document.side}.${extension}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
};
