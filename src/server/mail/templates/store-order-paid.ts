import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { orderMessages } from '#lib/i18n/orders.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { DeliveryAddress, PickupDetails, type OrderMailView } from './order-parts.ts';
import { Action, defineMailTemplate, Lines, MailLayout, Paragraph } from './parts.ts';

/** The store's notice of a paid order (to STORE_ORDERS_EMAIL): who, what to hand over or ship, and the panel's page. */
export const storeOrderPaidMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('storePaidSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    const labels = createTranslator(orderMessages, context.locale);
    const { store } = order;
    return h(
      MailLayout,
      { context, preview: t('storePaidSubject', { number: order.number }) },
      h(Paragraph, { strong: true }, t('storePaidTitle', { number: order.number })),
      h(Lines, {
        lines: [
          t('storePaidAt', { paidAt: store.paidAt }),
          `${labels('buyer')}: ${store.buyerName} — ${store.email}`,
          `${labels('buyerDocument')}: ${store.document}`,
          `${labels('orderTotal')}: ${order.total}`,
          `${labels('orderDelivery')}: ${t(order.pickup ? 'deliveryPickup' : 'deliveryHome')}`,
        ],
      }),
      order.pickup ? h(PickupDetails, { pickup: order.pickup, context }) : null,
      order.deliveryAddress ? h(DeliveryAddress, { lines: order.deliveryAddress, context }) : null,
      h(Paragraph, { strong: true }, labels('items')),
      h(Lines, { lines: order.items.map((item) => `${item.quantity} x ${item.code} ${item.name}`) }),
      h(Action, { href: store.panelLink, label: t('openInPanel'), context }),
    );
  },
});
