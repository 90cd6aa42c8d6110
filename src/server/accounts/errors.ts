import { accountMessages } from '#lib/i18n/accounts.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { formMessages } from '#lib/i18n/forms.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The accounts domain's refusals (decision 0720): keys of its catalogue, the forms' and the common one. */
export const accountError = defineErrors(commonMessages, formMessages, accountMessages);
