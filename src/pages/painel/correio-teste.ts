import type { APIRoute } from 'astro';
import { getPanelHomeService } from '#server/panel-home/index.ts';
import { requireApiStaff } from '#server/staff/index.ts';

/** POST /painel/correio-teste: queues a test e-mail to the signed-in admin (setup checklist). */
export const POST: APIRoute = async (context) => {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  await getPanelHomeService().sendTestMail(staff);
  return context.redirect('/painel?correio=enviado', 303);
};
