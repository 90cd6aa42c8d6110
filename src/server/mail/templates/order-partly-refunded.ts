import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { OrderLink, type OrderMailView } from './order-parts.ts';
import { defineMailTemplate, Greeting, Lines, MailLayout, Paragraph } from './parts.ts';

/** Part of a paid order was refunded (chosen lines or quantities, decision 1140): what, and how much. */
export const orderPartlyRefundedMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('partlyRefundedSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    const refund = order.partRefund ?? { amount: '', lines: [] };
    return h(
      MailLayout,
      { context, preview: t('partlyRefundedSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(Paragraph, null, t('partlyRefundedText', { refunded: refund.amount, number: order.number, total: order.total })),
      h(Lines, { lines: refund.lines }),
      h(Paragraph, null, t('partlyRefundedHint')),
      h(OrderLink, { order, context }),
    );
  },
});
