import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { OrderLink, OrderSummary, type OrderMailView } from './order-parts.ts';
import { defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The payment was returned (by staff, or because it came after the order was cancelled). */
export const orderRefundedMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('refundedSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('refundedSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(Paragraph, null, t('refundedText', { number: order.number, total: order.total })),
      h(OrderSummary, { order, context }),
      h(OrderLink, { order, context }),
    );
  },
});
