import type { APIRoute } from 'astro';
import { getOfferSignupService } from '../../../server/offer-signups/index.ts';
import { getPanelLocale, getPanelTexts, requireApiStaff, toAuditActor } from '../../../server/staff/http.ts';

/** GET /api/painel/ofertas.csv: every offers sign-up, for admins (the export is audited). */
export const GET: APIRoute = async (context) => {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  const t = getPanelTexts(getPanelLocale(context.locals));
  const csv = await getOfferSignupService().exportCsv(toAuditActor(staff), [t('colPhone'), t('colLanguage'), t('colCreated')]);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ofertas-${day}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};
