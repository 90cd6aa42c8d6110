// The store-details domain's face (decision 0720): the service on the shop's pool and the one read
// every page, e-mail and order document makes. The form handlers stay in routes.ts (the panel page
// imports them there): mail and PDFs read this file, and the forms' helpers must not ride along.
import { toLocalStoreDetails, type LocalStoreDetails } from '#lib/contract/store-details.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { writeAudit } from '../audit/index.ts';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { getPool } from '../db/client.ts';
import { getLogger } from '../log/index.ts';
import { createStoreDetailsService } from './service.ts';

export function getStoreDetailsService() {
  const pool = getPool();
  return createStoreDetailsService({ db: pool, connect: () => pool.connect(), writeAudit, announce: announceCatalogueChange });
}

/**
 * The store's name, address, hours, contacts and links in a language: the footer, the contact
 * page, the e-mails and the order documents read them here. Before the first save (or while the
 * database does not answer: the error page still renders): the shop's name from the catalogue and
 * nothing else, so pages leave the rest out.
 */
export async function getStoreDetails(locale: Locale): Promise<LocalStoreDetails> {
  const details = await getStoreDetailsService()
    .getDetails()
    .catch((error: unknown) => {
      getLogger().warn({ err: error }, '[store-details] not read');
      return null;
    });
  return toLocalStoreDetails(details, locale, createTranslator(commonMessages, locale)('siteName'));
}
