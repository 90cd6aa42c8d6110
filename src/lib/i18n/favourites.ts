import { accountMessages } from './accounts.ts';
import { commonMessages } from './common.ts';
import { cartMessages } from './cart.ts';
import { defineMessages } from './translator.ts';

/** Texts of favourites: heart toggle, header badge, /perfil/favoritos and the favourites API. */
export const favouritesMessages = defineMessages({
  'pt-BR': {
    favourites: accountMessages['pt-BR'].favourites,
    favouritesCount: '{count} favoritos',
    favouritesCount_one: '{count} favorito',
    addFavourite: 'Adicionar {name} aos favoritos',
    removeFavourite: 'Remover {name} dos favoritos',
    pageTitle: 'Meus favoritos',
    empty: 'Você ainda não tem favoritos.',
    browseProducts: 'Ver produtos',
    remove: cartMessages['pt-BR'].remove,
    error: 'Não foi possível atualizar os favoritos. Tente novamente.',
    productNotFound: cartMessages['pt-BR'].productNotFound,
    favouriteNotFound: 'Favorito não encontrado.',
    loginRequired: commonMessages['pt-BR'].loginRequired,
  },
  'es-PY': {
    favourites: accountMessages['es-PY'].favourites,
    favouritesCount: '{count} favoritos',
    favouritesCount_one: '{count} favorito',
    addFavourite: 'Agregar {name} a favoritos',
    removeFavourite: 'Quitar {name} de favoritos',
    pageTitle: 'Mis favoritos',
    empty: 'Todavía no tienes favoritos.',
    browseProducts: 'Ver productos',
    remove: cartMessages['es-PY'].remove,
    error: 'No se pudieron actualizar los favoritos. Inténtalo de nuevo.',
    productNotFound: cartMessages['es-PY'].productNotFound,
    favouriteNotFound: 'Favorito no encontrado.',
    loginRequired: commonMessages['es-PY'].loginRequired,
  },
});
