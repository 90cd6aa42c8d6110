import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { OrderLink, type OrderMailView } from './order-parts.ts';
import { defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The order was handed over at the counter. */
export const orderPickedUpMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('pickedUpSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('pickedUpSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(Paragraph, null, t('pickedUpText', { number: order.number })),
      h(OrderLink, { order, context }),
    );
  },
});
