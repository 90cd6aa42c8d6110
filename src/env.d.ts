/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    storefront: import('./lib/locale.ts').Storefront;
    locale: import('./lib/locale.ts').Locale;
    /** Currency the shopper's cart and prices use (DECISIONS.md). */
    currencyId: import('./lib/locale.ts').CurrencyId;
    customer: import('./server/accounts/sessions.ts').SessionCustomer | null;
    sessionToken: string | null;
  }
}
