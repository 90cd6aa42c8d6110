import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { DeliveryAddress, OrderLink, OrderSummary, PickupDetails, type OrderMailView } from './order-parts.ts';
import { defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** The payment was confirmed: a pickup order gets its code, place, hours and map; a delivery its address (the PDF is attached). */
export const orderPaidMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('paidSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    return h(
      MailLayout,
      { context, preview: t('paidSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(Paragraph, null, t('paidText', { number: order.number, total: order.total })),
      order.pickup ? h(PickupDetails, { pickup: order.pickup, context }) : null,
      order.deliveryAddress ? h(DeliveryAddress, { lines: order.deliveryAddress, context }) : null,
      h(Paragraph, null, t(order.pickup ? 'paidPickupHint' : 'paidDeliveryHint')),
      h(OrderSummary, { order, context }),
      h(OrderLink, { order, context }),
    );
  },
});
