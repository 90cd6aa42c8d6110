import type { APIRoute } from 'astro';
import { getOrderDeskService } from '#server/order-desk/index.ts';
import { exportOrdersCsv, toDeskCaller } from '#server/order-desk/routes.ts';
import { getPanelLocale, requireStaff } from '#server/staff/index.ts';

/** GET: the order desk's filtered list as CSV, for admins (decision 0515). */
export const GET: APIRoute = async (context) => {
  const staff = await requireStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  return exportOrdersCsv(getOrderDeskService(), toDeskCaller(staff, getPanelLocale(context.locals)), context.url);
};
