import { accountMessages } from '#lib/i18n/accounts.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The delivery addresses' refusals (decision 0720): an unknown city, another customer's address. */
export const addressError = defineErrors(formMessages, accountMessages);
