import { createElement as h } from 'react';
import { mailMessages } from '#lib/i18n/mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { Action, defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The e-mail address confirmation link, after registering or when asked again. */
export const accountConfirmMail = defineMailTemplate<{ name: string; link: string }>({
  subject: (_, { locale }) => createTranslator(mailMessages, locale)('confirmSubject'),
  body({ name, link }, context) {
    const t = createTranslator(mailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('confirmSubject') },
      h(Greeting, { name, context }),
      h(Paragraph, null, t('confirmText')),
      h(Action, { href: link, label: t('confirmAction'), context }),
    );
  },
});
