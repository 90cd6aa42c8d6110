import { commonMessages } from '#lib/i18n/common.ts';
import { shippingMessages } from '#lib/i18n/shipping.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** A refused quote (decision 0720): a key of the shipping catalogue (or the common one) and the field it concerns. */
export const shippingError = defineErrors(commonMessages, shippingMessages);
