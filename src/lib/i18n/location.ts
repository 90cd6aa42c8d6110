import { accountMessages } from './accounts.ts';
import { defineMessages } from './translator.ts';

/** The home's location section (storefront spec, home: 'location'): address, hours, map link. */
export const locationMessages = defineMessages({
  'pt-BR': {
    locationTitle: 'Onde estamos',
    locationText: 'Visite nossa loja em Ciudad del Este: retire seu pedido ou conheça as ferramentas de perto.',
    addressLabel: accountMessages['pt-BR'].address,
    hoursLabel: 'Horário de atendimento',
    mapLink: 'Ver no mapa',
  },
  'es-PY': {
    locationTitle: 'Dónde estamos',
    locationText: 'Visita nuestra tienda en Ciudad del Este: retira tu pedido o conoce las herramientas de cerca.',
    addressLabel: accountMessages['es-PY'].address,
    hoursLabel: 'Horario de atención',
    mapLink: 'Ver en el mapa',
  },
});
