import { defineMessages } from './translator.ts';

/** Texts of a product whose price is not shown: the chat contact that replaces add-to-cart. */
export const priceEnquiryMessages = defineMessages({
  'pt-BR': {
    askPrice: 'Consultar preço pelo chat',
    askPriceFor: 'Consultar preço pelo chat: {name}',
    askPriceText: 'Olá! Gostaria de saber o preço de {name} (código {code}): {url}',
    onlineUnavailable: 'Este produto é vendido sob consulta, não pela loja online.',
  },
  'es-PY': {
    askPrice: 'Consultar precio por chat',
    askPriceFor: 'Consultar precio por chat: {name}',
    askPriceText: '¡Hola! Quisiera saber el precio de {name} (código {code}): {url}',
    onlineUnavailable: 'Este producto se vende a consulta, no por la tienda en línea.',
  },
});
