import { createElement as h } from 'react';
import { panelHomeMessages } from '#lib/i18n/panel-home.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { defineMailTemplate, MailLayout, Paragraph } from './parts.ts';

/** The test message a staff member asks for on the panel's home (setup checklist). */
export const staffTestMail = defineMailTemplate<Record<string, never>>({
  subject: (_, { locale }) => createTranslator(panelHomeMessages, locale)('testMailSubject'),
  body(_, context) {
    const t = createTranslator(panelHomeMessages, context.locale);
    return h(MailLayout, { context, preview: t('testMailSubject') }, h(Paragraph, null, t('testMailText')));
  },
});
