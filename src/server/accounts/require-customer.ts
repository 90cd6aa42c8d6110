import { toSafeRedirect } from '#lib/safe-redirect.ts';
import type { Storefront } from '#lib/locale.ts';
import { getOriginFor } from '../storefront-hosts.ts';
import type { SessionCustomer } from './sessions.ts';
import { accountError } from './errors.ts';

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

/** For /ecom endpoints: the customer of the bearer token or cookie; a 401 refusal without one. */
export function requireSignedIn(locals: App.Locals): SessionCustomer {
  if (locals.customer) return locals.customer;
  throw accountError('unauthenticated', 'loginRequired');
}

/**
 * The `redirect=` of /login and /cadastro: null when absent, else a path of this shop (read
 * against the storefront's configured origin), or /perfil for anything that would leave it.
 */
export function getSignInRedirect(url: URL, storefront: Storefront): string | null {
  const value = url.searchParams.get('redirect');
  return value === null ? null : toSafeRedirect(value, '/perfil', getOriginFor(storefront));
}
