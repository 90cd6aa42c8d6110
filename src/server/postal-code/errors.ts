import { accountMessages } from '#lib/i18n/accounts.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The postal-code lookup's refusals (decision 0720): the address form's texts. */
export const postalCodeError = defineErrors(accountMessages);
