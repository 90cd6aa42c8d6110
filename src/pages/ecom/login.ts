import type { APIRoute } from 'astro';
import { createLoginSchema } from '../../lib/contract/accounts.ts';
import { json, jsonError } from '../../server/http/responses.ts';
import { getAccountTexts, readJsonFields, setSessionCookie } from '../../server/accounts/http.ts';
import { getClientIp, tooManyRequests } from '../../server/rate-limit/http.ts';
import { getAuthService } from '../../server/accounts/index.ts';

/** POST /ecom/login {email, password} -> {token, user}; also sets the httpOnly session cookie. */
export const POST: APIRoute = async (context) => {
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  const parsed = await readJsonFields(context.request, createLoginSchema(f), locale);
  if (!parsed.ok) return parsed.response;
  const result = await getAuthService().login({ ...parsed.data, ip: getClientIp(context) });
  if (result.kind === 'limited') return tooManyRequests(locale, result.retryAfterSeconds);
  if (result.kind === 'invalid') return jsonError(401, t('invalidCredentials'));
  setSessionCookie(context.cookies, context.url, result.token);
  return json({ token: result.token, user: result.user, expires_at: result.expiresAt.toISOString() });
};
