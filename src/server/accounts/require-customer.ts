import { toSafeRedirect } from '../../lib/safe-redirect.ts';
import type { Storefront } from '../../lib/locale.ts';
import { getOriginFor } from '../storefront-hosts.ts';
import type { SessionCustomer } from './sessions.ts';
import { jsonError } from '../http/responses.ts';
import { getAccountTexts } from './http.ts';

interface PageContext {
  locals: App.Locals;
  url: URL;
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/**
 * For protected pages (/perfil/*, /pedidos, /pedido/*, /checkout step 1): the signed-in customer,
 * or a redirect Response to /login?redirect=<full path>. Use as
 * `const customer = requireCustomer(Astro); if (customer instanceof Response) return customer;`
 */
export function requireCustomer(context: PageContext): SessionCustomer | Response {
  const customer = context.locals.customer;
  if (customer) return customer;
  const target = context.url.pathname + context.url.search;
  return context.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302);
}

/** For /ecom endpoints: the customer of the bearer token or cookie, or a 401 JSON answer. */
export function requireApiCustomer(context: { locals: App.Locals }): SessionCustomer | Response {
  const customer = context.locals.customer;
  if (customer) return customer;
  const { c } = getAccountTexts(context.locals.locale);
  return jsonError(401, c('loginRequired'));
}

/**
 * The `redirect=` of /login and /cadastro: null when absent, else a path of this shop (read
 * against the storefront's configured origin), or /perfil for anything that would leave it.
 */
export function getSignInRedirect(url: URL, storefront: Storefront): string | null {
  const value = url.searchParams.get('redirect');
  return value === null ? null : toSafeRedirect(value, '/perfil', getOriginFor(storefront));
}
