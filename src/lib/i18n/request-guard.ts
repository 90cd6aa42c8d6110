import { defineMessages } from './translator.ts';

/** Answers to requests refused before any route runs (unknown host, malformed headers or addresses). */
export const requestGuardMessages = defineMessages({
  'pt-BR': {
    unknownHost: 'Este endereço não pertence à loja.',
    badHeader: 'Requisição inválida: um cabeçalho contém caracteres não permitidos.',
    tooLarge: 'O envio passa de {megabytes} MB, o máximo que a loja recebe. Envie arquivos menores.',
    methodNotAllowed: 'Método de requisição não aceito pela loja.',
    tooManyRenders: 'Muitas páginas pedidas em pouco tempo. Aguarde alguns segundos e tente de novo.',
    badAddress: 'Endereço inválido: confira o link ou volte para a página inicial da loja.',
    addressTooLong: 'Endereço longo demais: confira o link ou volte para a página inicial da loja.',
  },
  'es-PY': {
    unknownHost: 'Esta dirección no pertenece a la tienda.',
    badHeader: 'Solicitud inválida: un encabezado contiene caracteres no permitidos.',
    tooLarge: 'El envío supera {megabytes} MB, lo máximo que recibe la tienda. Envía archivos más pequeños.',
    methodNotAllowed: 'Método de solicitud no aceptado por la tienda.',
    tooManyRenders: 'Demasiadas páginas pedidas en poco tiempo. Espera unos segundos e intenta de nuevo.',
    badAddress: 'Dirección inválida: revisa el enlace o vuelve a la página de inicio de la tienda.',
    addressTooLong: 'Dirección demasiado larga: revisa el enlace o vuelve a la página de inicio de la tienda.',
  },
});
