import { commonMessages } from '#lib/i18n/common.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** The orders domain's refusals (decision 0720): its texts are the common ones. */
export const orderError = defineErrors(commonMessages);
