import * as shared from './shared.ts';
import { defineMessages } from './translator.ts';

/** Texts of price display (storefront spec sections 5 and 9). */
export const moneyMessages = defineMessages({
  'pt-BR': {
    invalidPrice: shared.invalidPrice.pt,
    priceOnRequest: 'Preço sob consulta',
  },
  'es-PY': {
    invalidPrice: shared.invalidPrice.es,
    priceOnRequest: 'Precio a consultar',
  },
});
