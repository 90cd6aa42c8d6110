import * as sharedPages from './shared-pages.ts';
import { defineMessages } from './translator.ts';

/** Texts the public catalogue API answers with. */
export const catalogApiMessages = defineMessages({
  'pt-BR': {
    productNotFound: sharedPages.productNotFound.pt,
    newsletterSaved: 'Cadastro realizado! Você receberá nossas ofertas.',
    newsletterKnown: 'Este número já está cadastrado para receber ofertas.',
  },
  'es-PY': {
    productNotFound: sharedPages.productNotFound.es,
    newsletterSaved: '¡Registro realizado! Recibirás nuestras ofertas.',
    newsletterKnown: 'Este número ya está registrado para recibir ofertas.',
  },
});
