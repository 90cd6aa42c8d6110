import type { APIRoute } from 'astro';
import { isPanelLocale } from '#lib/i18n/panel.ts';
import { toSafeRedirect } from '#lib/safe-redirect.ts';
import { getStaffService, requireApiStaff, toAuditActor } from '#server/staff/index.ts';

/** POST /painel/idioma (form: locale, redirect): saves the panel language of the staff member. */
export const POST: APIRoute = async (context) => {
  const staff = requireApiStaff(context);
  if (staff instanceof Response) return staff;
  const form = await context.request.formData().catch(() => null);
  const locale = form?.get('locale');
  if (isPanelLocale(locale) && locale !== staff.locale)
    await getStaffService().setLocale({ ...toAuditActor(staff), staffId: staff.id }, locale);
  const back = toSafeRedirect(String(form?.get('redirect') ?? ''), '/painel');
  return context.redirect(back.startsWith('/painel') ? back : '/painel', 303);
};
