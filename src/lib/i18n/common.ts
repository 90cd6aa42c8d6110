import * as sharedAccount from './shared-account.ts';
import { defineMessages } from './translator.ts';

/** Texts every page shares: site identity and generic errors. */
export const commonMessages = defineMessages({
  'pt-BR': {
    siteName: 'Fronteira Ferramentas',
    siteDescription: 'Ferramentas profissionais elétricas e manuais com retirada na loja em Ciudad del Este.',
    notFoundTitle: 'Página não encontrada',
    notFoundText: 'O endereço que você abriu não existe ou mudou.',
    backHome: 'Voltar ao início',
    serverError: 'Ocorreu um erro interno no servidor!',
    serviceUnavailable: 'Serviço indisponível, tente novamente mais tarde!',
    retry: sharedAccount.retry.pt,
    invalidInput: 'Dados inválidos.',
    invalidJson: 'O corpo da requisição não é um JSON válido.',
    invalidParams: 'Parâmetros inválidos: {fields}',
    tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    unsupportedMediaType: 'Formato de envio não suportado.',
    loginRequired: sharedAccount.loginRequired.pt,
    forbidden: 'Você não tem acesso a este recurso.',
    resourceNotFound: 'O Recurso que está tentando acessar não existe',
  },
  'es-PY': {
    siteName: 'Fronteira Herramientas',
    siteDescription: 'Herramientas profesionales eléctricas y manuales con entrega en Paraguay y retiro en la tienda.',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La dirección que abriste no existe o cambió.',
    backHome: 'Volver al inicio',
    serverError: '¡Ocurrió un error interno en el servidor!',
    serviceUnavailable: '¡Servicio no disponible, inténtalo más tarde!',
    retry: sharedAccount.retry.es,
    invalidInput: 'Datos inválidos.',
    invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
    invalidParams: 'Parámetros inválidos: {fields}',
    tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    unsupportedMediaType: 'Formato de envío no soportado.',
    loginRequired: sharedAccount.loginRequired.es,
    forbidden: 'No tienes acceso a este recurso.',
    resourceNotFound: 'El recurso al que intentas acceder no existe',
  },
});
