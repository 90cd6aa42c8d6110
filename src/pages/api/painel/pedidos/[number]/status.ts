import type { APIRoute } from 'astro';
import { getOrderDeskService } from '#server/order-desk/index.ts';
import { postTransition, toDeskCaller } from '#server/order-desk/routes.ts';
import { getPanelLocale, requireApiStaff } from '#server/staff/http.ts';

/** POST: one order transition (ship, hand over, cancel, refund), JSON or the panel's forms. */
export const POST: APIRoute = async (context) => {
  const staff = requireApiStaff(context);
  if (staff instanceof Response) return staff;
  return postTransition(
    getOrderDeskService(),
    toDeskCaller(staff, getPanelLocale(context.locals)),
    context.params.number ?? '',
    context.request,
  );
};
