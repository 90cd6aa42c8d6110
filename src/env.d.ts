/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    storefront: import('./lib/locale.ts').Storefront;
    locale: import('./lib/locale.ts').Locale;
    /** Currency the shopper's cart and prices use (DECISIONS.md). */
    currencyId: import('./lib/locale.ts').CurrencyId;
    customer: import('#server/accounts/service.ts').SessionCustomer | null;
    sessionToken: string | null;
    /** Panel requests only (/painel, /api/painel): the staff session (src/server/staff/). */
    staff?: import('#server/staff/service.ts').PanelStaff | null;
    staffToken?: string | null;
    /**
     * Set when the middleware could not read the session (database away) and rewrote the request
     * to 500.astro: why (its status), and the address asked for (its retry link).
     */
    sessionLookupFailure?: { error: unknown; address: string };
    /** A POST of pictures in bulk (http/body-limit.ts): its body, which Astro's request does not carry. */
    largeUpload?: import('#server/http/responses.ts').BodySource;
  }
}
