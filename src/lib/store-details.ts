import { commonMessages } from './i18n/common.ts';
import { shellMessages } from './i18n/shell.ts';
import { createTranslator } from './i18n/translator.ts';
import type { Locale } from './locale.ts';

/**
 * The store's own name, address and opening hours in a language: what the footer shows, and
 * what an order collected at the store prints (order page, ticket, receipt). One place to read
 * them, whatever holds them (today the message catalogues).
 */
export function getStoreDetails(locale: Locale): { name: string; address: string; hours: string } {
  const shell = createTranslator(shellMessages, locale);
  return { name: createTranslator(commonMessages, locale)('siteName'), address: shell('contactAddress'), hours: shell('contactHours') };
}
