import { defineMessages } from './translator.ts';

/** Texts of price display (storefront spec sections 5 and 9). */
export const moneyMessages = defineMessages({
  'pt-BR': {
    invalidPrice: 'Preço inválido',
    priceOnRequest: 'Preço sob consulta',
  },
  'es-PY': {
    invalidPrice: 'Precio inválido',
    priceOnRequest: 'Precio a consultar',
  },
});
