import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { orderMessages } from '#lib/i18n/orders.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { OrderLink, OrderSummary, type OrderMailView } from './order-parts.ts';
import { Action, defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The order was placed: what was reserved until when, and where to pay. */
export const orderCreatedMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('createdSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('createdSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(Paragraph, null, t('createdText', { number: order.number, total: order.total, expires: order.expires })),
      h(Paragraph, null, t('createdPay')),
      h(Action, { href: order.payLink, label: createTranslator(orderMessages, context.locale)('payNow'), context }),
      h(OrderSummary, { order, context }),
      h(OrderLink, { order, context }),
    );
  },
});
