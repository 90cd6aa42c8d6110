import { createElement as h } from 'react';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { OrderLink, OrderSummary, type OrderMailView } from './order-parts.ts';
import { Action, defineMailTemplate, Greeting, MailLayout, Paragraph } from './parts.ts';

/** Cancelled before payment: by staff (with their reason), or by the shop when the reservation expired. */
export const orderCancelledMail = defineMailTemplate<OrderMailView>({
  subject: (order, { locale }) => createTranslator(orderMailMessages, locale)('cancelledSubject', { number: order.number }),
  body(order, context) {
    const t = createTranslator(orderMailMessages, context.locale);
    const params = { number: order.number, total: order.total };
    const byStore = order.cancelReason !== null;
    return h(
      MailLayout,
      { context, preview: t('cancelledSubject', { number: order.number }) },
      h(Greeting, { name: order.name, context }),
      h(
        Paragraph,
        null,
        byStore ? t('cancelledByStoreText', { ...params, reason: order.cancelReason ?? '' }) : t('cancelledExpiredText', params),
      ),
      h(Paragraph, { strong: true }, t('nothingCharged')),
      h(OrderSummary, { order, context }),
      byStore ? h(OrderLink, { order, context }) : h(Paragraph, null, t('orderAgain')),
      byStore ? null : h(Action, { href: order.shopLink, label: t('openShop'), context }),
    );
  },
});
