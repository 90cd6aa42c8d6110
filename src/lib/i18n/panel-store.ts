import { accountMessages } from './accounts.ts';
import { panelCatalogueMessages } from './panel-catalogue.ts';
import { defineMessages } from './translator.ts';

/** The panel's store-details page (issue 33 point 3): its labels and each field's refusal. */
export type PanelStoreKey = keyof (typeof panelStoreMessages)['pt-BR'];

const pt = panelCatalogueMessages['pt-BR'];
const es = panelCatalogueMessages['es-PY'];

export const panelStoreMessages = defineMessages({
  'pt-BR': {
    storeTitle: 'Dados da loja',
    storeIntro:
      'Nome, contatos, endereço e horário que a loja mostra no rodapé, na página de contato, nos e-mails e nos comprovantes. Os textos que o cliente lê vêm nos dois idiomas.',
    identity: 'Identificação',
    namePt: pt.namePt,
    nameEs: pt.nameEs,
    legalName: accountMessages['pt-BR'].companyName,
    ruc: 'RUC',
    placeAndHours: 'Endereço e horário',
    addressPt: 'Endereço (português)',
    addressEs: 'Endereço (espanhol)',
    hoursPt: pt.hoursPt,
    hoursEs: pt.hoursEs,
    contacts: 'Contatos',
    phones: 'Telefones (um por linha, com o código do país)',
    whatsapp: 'WhatsApp',
    emails: 'E-mails (um por linha; o primeiro é o de vendas)',
    social: 'Redes sociais (endereço https do perfil)',
    quickLinks: 'Atalhos do cabeçalho',
    quickLinksHint: 'Um por linha: rótulo em português | rótulo em espanhol | endereço (/produtos?text=kit, /marca/bosch ou https://…).',
    save: pt.save,
    error_invalid_input: pt.error_invalid_input,
    error_changed_meanwhile: pt.error_changed_meanwhile,
    required: pt.fieldRequired,
    tooLong: 'Texto longo demais.',
    unsafe: pt.fieldUnsafe,
    rucInvalid: 'RUC inválido: escreva o número e o dígito verificador (80012345-6).',
    phoneInvalid: 'Telefone inválido: escreva cada número com o código do país (+595 61 500200, +55 45 3520 0000).',
    emailInvalid: 'E-mail inválido: escreva um endereço por linha (vendas@exemplo.com.py).',
    urlInvalid: 'Endereço inválido: cole o endereço completo do perfil, começando com https://.',
    linkInvalid: 'Atalho inválido: escreva rótulo em português | rótulo em espanhol | endereço começando com / ou https://.',
    tooMany: 'Itens demais: até {max}.',
  },
  'es-PY': {
    storeTitle: 'Datos de la tienda',
    storeIntro:
      'Nombre, contactos, dirección y horario que la tienda muestra en el pie de página, en la página de contacto, en los correos y en los comprobantes. Los textos que lee el cliente van en los dos idiomas.',
    identity: 'Identificación',
    namePt: es.namePt,
    nameEs: es.nameEs,
    legalName: accountMessages['es-PY'].companyName,
    ruc: 'RUC',
    placeAndHours: 'Dirección y horario',
    addressPt: 'Dirección (portugués)',
    addressEs: 'Dirección (español)',
    hoursPt: es.hoursPt,
    hoursEs: es.hoursEs,
    contacts: 'Contactos',
    phones: 'Teléfonos (uno por línea, con el código del país)',
    whatsapp: 'WhatsApp',
    emails: 'Correos (uno por línea; el primero es el de ventas)',
    social: 'Redes sociales (dirección https del perfil)',
    quickLinks: 'Accesos del encabezado',
    quickLinksHint: 'Uno por línea: texto en portugués | texto en español | dirección (/produtos?text=kit, /marca/bosch o https://…).',
    save: es.save,
    error_invalid_input: es.error_invalid_input,
    error_changed_meanwhile: es.error_changed_meanwhile,
    required: es.fieldRequired,
    tooLong: 'Texto demasiado largo.',
    unsafe: es.fieldUnsafe,
    rucInvalid: 'RUC no válido: escribe el número y el dígito verificador (80012345-6).',
    phoneInvalid: 'Teléfono no válido: escribe cada número con el código del país (+595 61 500200, +55 45 3520 0000).',
    emailInvalid: 'Correo no válido: escribe una dirección por línea (ventas@ejemplo.com.py).',
    urlInvalid: 'Dirección no válida: pega la dirección completa del perfil, que empieza con https://.',
    linkInvalid: 'Acceso no válido: escribe texto en portugués | texto en español | dirección que empiece con / o https://.',
    tooMany: 'Demasiados elementos: hasta {max}.',
  },
});
