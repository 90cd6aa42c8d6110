import { defineMessages } from './translator.ts';

/**
 * E-mails (src/server/mail/templates/): the frame every one shares (greeting, footer, the
 * button's written link) and the account e-mails. Order e-mails: order-mail.ts.
 */
export const mailMessages = defineMessages({
  'pt-BR': {
    greeting: 'Olá, {name}.',
    footer: 'Você recebeu este e-mail de {shop}:',
    linkFallback: 'Se o botão não abrir, copie este endereço no navegador:',
    resetSubject: 'Redefinição de senha',
    resetText: 'Para criar uma nova senha, abra o link abaixo (válido por 30 minutos).',
    resetAction: 'Criar nova senha',
    resetIgnore: 'Se você não pediu a redefinição, ignore este e-mail.',
    confirmSubject: 'Confirme seu e-mail',
    confirmText: 'Confirme seu e-mail abrindo o link abaixo (válido por 30 minutos).',
    confirmAction: 'Confirmar e-mail',
  },
  'es-PY': {
    greeting: 'Hola, {name}.',
    footer: 'Recibiste este e-mail de {shop}:',
    linkFallback: 'Si el botón no abre, copia esta dirección en el navegador:',
    resetSubject: 'Restablecimiento de contraseña',
    resetText: 'Para crear una nueva contraseña, abre el enlace de abajo (válido por 30 minutos).',
    resetAction: 'Crear nueva contraseña',
    resetIgnore: 'Si no pediste el restablecimiento, ignora este e-mail.',
    confirmSubject: 'Confirma tu e-mail',
    confirmText: 'Confirma tu e-mail abriendo el enlace de abajo (válido por 30 minutos).',
    confirmAction: 'Confirmar e-mail',
  },
});
