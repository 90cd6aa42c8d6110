import type { APIRoute } from 'astro';
import { getSessionService } from '../../server/services.ts';
import { clearSessionCookie } from '../../server/accounts/http.ts';

/** POST /ecom/logout: ends the session on the server and clears the cookie. */
export const POST: APIRoute = async (context) => {
  const token = context.locals.sessionToken;
  if (token) await getSessionService().endSession(token);
  clearSessionCookie(context.cookies, context.url);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
