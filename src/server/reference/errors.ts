import { commonMessages } from '#lib/i18n/common.ts';
import { shippingMessages } from '#lib/i18n/shipping.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** What the address look-ups refuse (decision 0720): an unknown state, or no city for a municipality code. */
export const referenceError = defineErrors(commonMessages, shippingMessages);
