import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { getProfileLocale } from '#lib/locale.ts';
import type { Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/queue.ts';
import { getStorefrontOrigin } from '../storefront-hosts.ts';
import type { CustomerRow } from './customers.ts';

/** Links go to the customer's storefront origin from configuration, never the request's Host. */
function getCustomerOrigin(customer: Pick<CustomerRow, 'foreign_buyer'>): string {
  return getStorefrontOrigin(customer.foreign_buyer === 1 ? 'br' : 'es');
}

/** Queued: the job queue sends it (and retries); `db` may be the transaction that issued the token. */
export async function sendResetMail(db: Queryable, customer: CustomerRow, token: string): Promise<void> {
  const t = createTranslator(accountMessages, getProfileLocale(customer.foreign_buyer));
  const link = `${getCustomerOrigin(customer)}/app/reset-password/${customer.uuid}/${token}?email=${encodeURIComponent(customer.email)}`;
  await enqueueMail(db, {
    to: customer.email,
    subject: t('mailResetSubject'),
    text: t('mailResetBody', { name: customer.first_name, link }),
    link,
  });
}

export async function sendConfirmationMail(db: Queryable, customer: CustomerRow, token: string): Promise<void> {
  const t = createTranslator(accountMessages, getProfileLocale(customer.foreign_buyer));
  const link = `${getCustomerOrigin(customer)}/app/confirmation-email/${customer.uuid}/${token}`;
  await enqueueMail(db, {
    to: customer.email,
    subject: t('mailConfirmSubject'),
    text: t('mailConfirmBody', { name: customer.first_name, link }),
    link,
  });
}
