import type { APIContext } from 'astro';
import { csvDownload } from '../http/responses.ts';
import { getPanelLocale, getPanelTexts, requireApiStaff, toAuditActor } from '../staff/http.ts';
import { getOfferSignupService } from './index.ts';

/** GET /api/painel/ofertas.csv: every offers sign-up, for admins (the export is audited). */
export async function getOfferSignupsCsv(context: APIContext): Promise<Response> {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  const t = getPanelTexts(getPanelLocale(context.locals));
  const csv = await getOfferSignupService().exportCsv(toAuditActor(staff), [t('colPhone'), t('colLanguage'), t('colCreated')]);
  return csvDownload(csv, 'ofertas');
}
