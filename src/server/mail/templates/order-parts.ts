import { Column } from '@react-email/column';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type CSSProperties } from 'react';
import { orderMessages } from '#lib/i18n/orders.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { PickupPlace } from '#lib/contract/orders.ts';
import { Action, COLOURS, Lines, type MailContext } from './parts.ts';

/** An order as its e-mails show it: amounts already formatted, links and pictures absolute on the order's storefront. */
export interface OrderMailView {
  /** The buyer's first name (the greeting). */
  name: string;
  number: number;
  orderLink: string;
  items: OrderMailItem[];
  productsTotal: string;
  shipping: string;
  total: string;
  /** The total carries I.V.A. (G$, spec section 3). */
  ivaIncluded: boolean;
  /** Where a pickup order is collected and with which code; null for a home delivery (no code to show). */
  pickup: OrderMailPickup | null;
  /** A home delivery's address lines; null for a pickup. */
  deliveryAddress: string[] | null;
  /** Where to pay (the shop's page, or a gateway's own), and the shop's home. */
  payLink: string;
  shopLink: string;
  /** When the reservation ends, written in the reader's language. */
  expires: string;
  /** The note typed when the order was marked shipped (a code, or a carrier's link). */
  trackingNote: string | null;
  /** Why staff cancelled it; null when the shop itself did (the reservation expired). */
  cancelReason: string | null;
  /** What partial refunds gave back so far (the amount, and a line per item); null when none did. */
  partRefund: { amount: string; lines: string[] } | null;
  /** What the store's notice adds: buyer, payment date, the panel's page. */
  store: { buyerName: string; email: string; document: string; paidAt: string; panelLink: string };
}

export interface OrderMailItem {
  name: string;
  code: string;
  quantity: number;
  unitPrice: string;
  subtotal: string;
  /** Absolute; null when the product has no picture. */
  imageUrl: string | null;
}

export interface OrderMailPickup {
  /** Empty until the order is paid (the counter's code is shown only then). */
  code: string;
  place: PickupPlace | null;
  mapLink: string | null;
  /** The last day to collect, written in the reader's language; null until paid. */
  until: string | null;
}

/** The text part writes such a row's cells side by side (react-email's toPlainText, html-to-text's dataTable). */
const textRow: Record<string, string> = { 'data-text-format': 'dataTable' };

const cell: CSSProperties = { fontSize: '14px', lineHeight: '20px', color: COLOURS.ink, margin: 0 };
const muted: CSSProperties = { ...cell, color: COLOURS.muted, fontSize: '13px' };

/** The items with their pictures, then products, shipping and total. */
export function OrderSummary({ order, context }: { order: OrderMailView; context: MailContext }) {
  const t = createTranslator(orderMessages, context.locale);
  const line = (label: string, amount: string, strong = false) =>
    h(Row, {
      ...textRow,
      key: label,
      children: [
        h(Column, { key: 'label' }, h(Text, { style: strong ? { ...cell, fontWeight: 700 } : cell }, label)),
        h(Column, { key: 'amount', align: 'right' }, h(Text, { style: strong ? { ...cell, fontWeight: 700 } : cell }, amount)),
      ],
    });
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    h(Text, { style: { ...cell, fontWeight: 700, margin: '0 0 8px' } }, t('items')),
    ...order.items.map((item, index) =>
      h(Row, {
        ...textRow,
        key: index,
        style: { borderTop: `1px solid ${COLOURS.line}` },
        children: [
          h(
            Column,
            { key: 'picture', style: { width: '64px', verticalAlign: 'top', paddingTop: '8px' } },
            item.imageUrl ? h(Img, { src: item.imageUrl, alt: item.name, width: 56, height: 56, style: { borderRadius: '6px' } }) : null,
          ),
          h(
            Column,
            { key: 'name', style: { verticalAlign: 'top', paddingTop: '8px' } },
            h(Text, { style: cell }, item.name),
            h(Text, { style: muted }, `${t('itemCode')}: ${item.code} · ${item.quantity} x ${item.unitPrice}`),
          ),
          h(
            Column,
            { key: 'subtotal', align: 'right', style: { verticalAlign: 'top', paddingTop: '8px', whiteSpace: 'nowrap' } },
            h(Text, { style: cell }, item.subtotal),
          ),
        ],
      }),
    ),
    h(
      Section,
      { style: { borderTop: `1px solid ${COLOURS.line}`, paddingTop: '8px' } },
      line(t('orderProducts'), order.productsTotal),
      line(t('orderShipping'), order.shipping),
      line(order.ivaIncluded ? `${t('orderTotal')} (${t('ivaIncluded')})` : t('orderTotal'), order.total, true),
    ),
  );
}

/** The code to show at the counter (once paid), the place, its hours, the map and the last day to collect. */
export function PickupDetails({ pickup, context }: { pickup: OrderMailPickup; context: MailContext }) {
  const t = createTranslator(orderMessages, context.locale);
  const { place } = pickup;
  return h(
    Section,
    { style: { backgroundColor: '#e6f2ea', borderRadius: '8px', padding: '12px 16px', margin: '8px 0 16px' } },
    pickup.code
      ? h(
          Text,
          { style: { ...cell, fontSize: '16px' } },
          `${t('pickupCode')}: `,
          h('strong', { style: { fontSize: '22px', letterSpacing: '3px', fontFamily: 'Courier New, monospace' } }, pickup.code),
        )
      : null,
    pickup.until ? h(Text, { style: { ...cell, fontWeight: 700, marginTop: '6px' } }, `${t('pickupUntil')}: ${pickup.until}`) : null,
    place ? h(Text, { style: { ...cell, marginTop: '6px' } }, `${t('pickupPlace')}: ${place.name}`) : null,
    place ? h(Text, { style: cell }, place.address) : null,
    place?.hours ? h(Text, { style: cell }, `${t('pickupHours')}: ${place.hours}`) : null,
    pickup.mapLink
      ? h(Text, { style: { ...cell, marginTop: '6px' } }, h(Link, { href: pickup.mapLink, style: { color: COLOURS.brand } }, t('openMap')))
      : null,
  );
}

/** A home delivery's address, under its label. */
export function DeliveryAddress({ lines, context }: { lines: readonly string[]; context: MailContext }) {
  const t = createTranslator(orderMessages, context.locale);
  return h(Lines, { lines: [`${t('deliveryAddress')}:`, ...lines] });
}

/** The order's page, as the e-mail's button. */
export function OrderLink({ order, context }: { order: OrderMailView; context: MailContext }) {
  return h(Action, { href: order.orderLink, label: createTranslator(orderMessages, context.locale)('viewDetail'), context });
}
