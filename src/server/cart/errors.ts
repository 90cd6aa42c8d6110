import { cartMessages } from '#lib/i18n/cart.ts';
import { commonMessages } from '#lib/i18n/common.ts';
import { defineErrors } from '../errors/domain-error.ts';

/** A refused cart operation: a key of the cart catalogue (or the common one), with its field and values (decision 0720). */
export const cartError = defineErrors(commonMessages, cartMessages);
