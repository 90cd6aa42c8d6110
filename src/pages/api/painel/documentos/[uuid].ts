import type { APIRoute } from 'astro';
import { getBuyerService, toDocumentResponse } from '../../../../server/buyers/index.ts';
import { jsonError } from '../../../../server/http/responses.ts';
import { getPanelLocale, getPanelTexts, requireApiStaff, toAuditActor } from '../../../../server/staff/http.ts';

/** GET /api/painel/documentos/{uuid}: an identity document, decrypted for an admin; each view audited. */
export const GET: APIRoute = async (context) => {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  const document = await getBuyerService().openDocument(toAuditActor(staff), context.params.uuid ?? '');
  if (!document) return jsonError(404, getPanelTexts(getPanelLocale(context.locals))('documentGone'));
  return toDocumentResponse(document);
};
