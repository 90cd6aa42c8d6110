import type { APIRoute } from 'astro';
import { getStaffAuthService, withStaffCookie } from '#server/staff/index.ts';

/** POST /painel/sair: ends the staff session (any stage) and clears its cookie. */
export const POST: APIRoute = async (context) => {
  const { staff, staffToken } = context.locals;
  if (staff && staffToken) await getStaffAuthService().logout(staff, staffToken);
  return withStaffCookie(context.redirect('/painel/login', 303), context.url, null);
};
