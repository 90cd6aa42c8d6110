import { defineMessages } from './translator.ts';

/** Texts of the shop's own file picker (identity documents at registration and in the profile). */
export const fileFieldMessages = defineMessages({
  'pt-BR': {
    chooseFile: 'Escolher arquivo',
    noFileChosen: 'Nenhum arquivo escolhido',
    pdfChosen: 'PDF escolhido: {name}',
  },
  'es-PY': {
    chooseFile: 'Elegir archivo',
    noFileChosen: 'Ningún archivo elegido',
    pdfChosen: 'PDF elegido: {name}',
  },
});
