import * as sharedCart from './shared-cart.ts';
import { defineMessages } from './translator.ts';

/** Texts of price display (storefront spec sections 5 and 9). */
export const moneyMessages = defineMessages({
  'pt-BR': {
    invalidPrice: sharedCart.invalidPrice.pt,
    priceOnRequest: 'Preço sob consulta',
  },
  'es-PY': {
    invalidPrice: sharedCart.invalidPrice.es,
    priceOnRequest: 'Precio a consultar',
  },
});
