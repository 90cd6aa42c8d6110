import { defineMessages } from './translator.ts';

/** Catalogue pictures, banners, brands and sellers in the staff panel (issue 20.2-20.3). */
export const mediaMessages = defineMessages({
  'pt-BR': {
    pictureMissing: 'Escolha um arquivo de imagem.',
    pictureType: 'Este arquivo não é uma imagem JPEG, PNG, WebP ou AVIF (o tipo é verificado pelo conteúdo, não pelo nome).',
    pictureTooLarge: 'A imagem passa de 10 MB. Envie uma versão menor.',
    pictureTooManyPixels: 'A imagem passa de 40 megapixels. Reduza a resolução e envie de novo.',
    pictureTooSmall: 'A imagem é pequena demais (mínimo de 48 px de lado).',
    pictureUnreadable: 'Não foi possível ler esta imagem (arquivo danificado?). Envie outro arquivo.',
    notFound: 'Não encontrado (talvez tenha sido removido).',
    badLink: 'O link deve ser um caminho da loja (começando com /) ou um endereço https://.',
    badPhone: 'Número de WhatsApp inválido. Use o número com código do país, por exemplo +595 981 234567.',
    badField: 'Confira os campos destacados.',
  },
  'es-PY': {
    pictureMissing: 'Elige un archivo de imagen.',
    pictureType: 'Este archivo no es una imagen JPEG, PNG, WebP o AVIF (el tipo se verifica por el contenido, no por el nombre).',
    pictureTooLarge: 'La imagen supera los 10 MB. Envía una versión más pequeña.',
    pictureTooManyPixels: 'La imagen supera los 40 megapíxeles. Reduce la resolución y envíala de nuevo.',
    pictureTooSmall: 'La imagen es demasiado pequeña (mínimo 48 px de lado).',
    pictureUnreadable: 'No se pudo leer esta imagen (¿archivo dañado?). Envía otro archivo.',
    notFound: 'No encontrado (quizás fue eliminado).',
    badLink: 'El enlace debe ser una ruta de la tienda (que empiece con /) o una dirección https://.',
    badPhone: 'Número de WhatsApp inválido. Usa el número con código de país, por ejemplo +595 981 234567.',
    badField: 'Revisa los campos marcados.',
  },
});
