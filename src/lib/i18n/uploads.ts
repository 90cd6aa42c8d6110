import { defineMessages } from './translator.ts';

/** Why an uploaded document was refused, beyond its type (issue 22: PDFs with active content; issue 29: past the decoding budget). */
export const uploadMessages = defineMessages({
  'pt-BR': {
    pdfActive:
      'Este PDF contém conteúdo ativo (scripts, ações automáticas, anexos ou formulários XFA) e não pode ser aceito. Envie um PDF simples, sem anexos, ou uma foto do documento.',
    pdfUnreadable:
      'Não foi possível ler este PDF (arquivo danificado, protegido por senha ou com mais de 50 páginas). Envie outro PDF ou uma foto do documento.',
    notStored:
      'Não foi possível guardar o arquivo agora; nada foi alterado e o formulário continua preenchido. Tente enviar de novo em alguns minutos.',
    tooComplex:
      'Este arquivo é grande demais para ser conferido depois de descompactado (imagem com mais de 40 megapixels ou PDF muito pesado). Envie uma foto ou um PDF menor do documento.',
  },
  'es-PY': {
    pdfActive:
      'Este PDF contiene contenido activo (scripts, acciones automáticas, adjuntos o formularios XFA) y no puede aceptarse. Envía un PDF simple, sin adjuntos, o una foto del documento.',
    pdfUnreadable:
      'No se pudo leer este PDF (archivo dañado, protegido con contraseña o con más de 50 páginas). Envía otro PDF o una foto del documento.',
    notStored:
      'No se pudo guardar el archivo ahora; no se cambió nada y el formulario sigue completo. Intenta enviarlo de nuevo en unos minutos.',
    tooComplex:
      'Este archivo es demasiado grande para revisarlo una vez descomprimido (imagen de más de 40 megapíxeles o PDF muy pesado). Envía una foto o un PDF más liviano del documento.',
  },
});
