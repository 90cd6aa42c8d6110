import { commonMessages } from './common.ts';
import { defineMessages } from './translator.ts';

/**
 * Each storefront's own texts, by its first language (the registry, lib/storefronts.ts): the
 * installed app's name and description, and the offline page the service worker keeps.
 */
export const storefrontMessages = defineMessages({
  'pt-BR': {
    appName: commonMessages['pt-BR'].siteName,
    appShortName: 'Fronteira',
    appDescription: 'Ferramentas profissionais com retirada na loja em Ciudad del Este.',
    offlineTitle: 'Você está sem conexão',
    offlineText: 'Esta página precisa de internet. As páginas do catálogo que você já visitou continuam abrindo.',
    offlineHome: commonMessages['pt-BR'].backHome,
  },
  'es-PY': {
    appName: commonMessages['es-PY'].siteName,
    appShortName: 'Fronteira',
    appDescription: 'Herramientas profesionales con entrega en Paraguay y retiro en la tienda.',
    offlineTitle: 'Estás sin conexión',
    offlineText: 'Esta página necesita internet. Las páginas del catálogo que ya visitaste siguen abriendo.',
    offlineHome: commonMessages['es-PY'].backHome,
  },
  'es-AR': {
    appDescription: 'Herramientas profesionales con precios en dólares y pesos, retiro en la tienda de Ciudad del Este.',
  },
});
