import type { ApiCall } from '../http/api-call.ts';
import { csvResult, type ApiResult } from '../http/responses.ts';
import { checkApiStaff, getPanelLocale, getPanelTexts, toAuditActor } from '../staff/index.ts';
import { getOfferSignupService } from './index.ts';

/** GET /api/painel/ofertas.csv: every offers sign-up, for admins (the export is audited). */
export async function getOfferSignupsCsv({ locals }: ApiCall): Promise<ApiResult> {
  const staff = checkApiStaff(locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const locale = getPanelLocale(locals);
  const t = getPanelTexts(locale);
  const csv = await getOfferSignupService().exportCsv(toAuditActor(staff), [t('colPhone'), t('colLanguage'), t('colCreated')], locale);
  return csvResult(csv, 'ofertas');
}
