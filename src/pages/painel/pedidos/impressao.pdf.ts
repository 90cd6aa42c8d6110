import type { APIRoute } from 'astro';
import { toResponse } from '#server/http/responses.ts';
import { getPackingPdf } from '#server/pdf/routes.ts';
import { getPanelLocale, requireStaff } from '#server/staff/index.ts';

/** GET: packing slips or the pick list of the checked orders, for admins and the counter (decision 0515). */
export const GET: APIRoute = async (context) => {
  const staff = await requireStaff(context);
  if (staff instanceof Response) return staff;
  const pdf = await getPackingPdf(context.url, getPanelLocale(context.locals));
  return toResponse(pdf);
};
