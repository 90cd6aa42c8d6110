import { cartMessages } from '../../lib/i18n/cart.ts';
import { commonMessages } from '../../lib/i18n/common.ts';
import { defineErrors, type DomainError } from '../errors/domain-error.ts';

/** A refused cart operation: a key of the cart catalogue, with its field and values (decision 0720). */
export const cartError = defineErrors(cartMessages);

const commonError = defineErrors(commonMessages);

/** Another customer's cart: the common 403 text, which says nothing of the cart. */
export function cartForbidden(): DomainError {
  return commonError('forbidden', 'forbidden', { code: 'cartForbidden' });
}
