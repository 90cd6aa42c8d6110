import { createElement as h } from 'react';
import { mailMessages } from '#lib/i18n/mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { Action, defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The password reset link (accounts spec section 5). */
export const accountResetMail = defineMailTemplate<{ name: string; link: string }>({
  subject: (_, { locale }) => createTranslator(mailMessages, locale)('resetSubject'),
  body({ name, link }, context) {
    const t = createTranslator(mailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('resetSubject') },
      h(Greeting, { name, context }),
      h(Paragraph, null, t('resetText')),
      h(Action, { href: link, label: t('resetAction'), context }),
      h(Paragraph, null, t('resetIgnore')),
    );
  },
});
