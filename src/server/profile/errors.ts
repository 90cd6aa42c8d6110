import { commonMessages } from '#lib/i18n/common.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The profile's refusals (decision 0720): a session whose customer is gone. */
export const profileError = defineErrors(commonMessages);
