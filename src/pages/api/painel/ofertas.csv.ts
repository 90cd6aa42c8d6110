import type { APIRoute } from 'astro';
import { getOfferSignupService } from '../../../server/offer-signups/index.ts';
import { getPanelLocale, getPanelTexts, requireApiStaff, toAuditActor } from '../../../server/staff/http.ts';
import { csvDownload } from '../../../server/http/responses.ts';

/** GET /api/painel/ofertas.csv: every offers sign-up, for admins (the export is audited). */
export const GET: APIRoute = async (context) => {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  const t = getPanelTexts(getPanelLocale(context.locals));
  const csv = await getOfferSignupService().exportCsv(toAuditActor(staff), [t('colPhone'), t('colLanguage'), t('colCreated')]);
  return csvDownload(csv, 'ofertas');
};
