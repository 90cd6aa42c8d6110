import { cartMessages } from './cart.ts';
import { defineMessages } from './translator.ts';

/** Texts of price display (storefront spec sections 5 and 9). */
export const moneyMessages = defineMessages({
  'pt-BR': {
    invalidPrice: cartMessages['pt-BR'].invalidPrice,
    priceOnRequest: 'Preço sob consulta',
    otherCurrencies: 'Em outras moedas',
  },
  'es-PY': {
    invalidPrice: cartMessages['es-PY'].invalidPrice,
    priceOnRequest: 'Precio a consultar',
    otherCurrencies: 'En otras monedas',
  },
});
