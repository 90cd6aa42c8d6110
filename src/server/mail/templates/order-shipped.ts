import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { DeliveryAddress, OrderLink, OrderSummary, type OrderMailView } from './order-parts.ts';
import { defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The order left the store, with the tracking note staff typed (a code, or a carrier's link). */
export const orderShippedMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('shippedSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('shippedSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(Paragraph, null, t('shippedText', { number: order.number })),
      order.trackingNote ? h(Paragraph, { strong: true }, t('shippedTracking', { note: order.trackingNote })) : null,
      order.deliveryAddress ? h(DeliveryAddress, { lines: order.deliveryAddress, context }) : null,
      h(OrderSummary, { order, context }),
      h(OrderLink, { order, context }),
    );
  },
});
