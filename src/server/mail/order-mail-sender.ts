import { formatAmount, toMajor } from '#lib/money.ts';
import { orderMailMessages, type OrderMailMessageKey } from '#lib/i18n/order-mail.ts';
import { createTranslator, type Translate } from '#lib/i18n/translator.ts';
import { isLocale, toApiLang, type Locale } from '#lib/locale.ts';
import { getConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { createOrderService } from '../orders/service.ts';
import { renderReceiptPdf, renderTicketPdf } from '../pdf/service.ts';
import { getStorefrontOrigin } from '../storefront-hosts.ts';
import { sendMail, type MailAttachment, type MailMessage } from './index.ts';
import type { OrderMailJob, OrderMailKind } from './order-mail.ts';
import { findOrderForMail, listOrderLinesForMail, type OrderMailRow } from './repository.ts';

const KINDS: readonly OrderMailKind[] = ['created', 'paid', 'storePaid', 'shipped', 'pickedUp', 'refunded'];
// The store reads its notices in Spanish (Paraguay).
const STORE_LOCALE: Locale = 'es-PY';

function toJob(payload: unknown): OrderMailJob {
  const job = payload as Partial<OrderMailJob> | null;
  if (!Number.isSafeInteger(job?.orderId) || !KINDS.includes(job?.kind as OrderMailKind)) throw new Error('order_mail: malformed job');
  return job as OrderMailJob;
}

function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Asuncion' }).format(date);
}

/**
 * The sandbox's pay page is the shop's own page, its link made from the checkout request's
 * origin: the e-mail rebuilds it on the configured storefront origin. A gateway's link is the
 * gateway's own address and stays as it is.
 */
function toPayLink(order: OrderMailRow, origin: string): string {
  const orderLink = `${origin}/pedido/${order.external_id}`;
  if (!order.pay_link) return orderLink;
  if (order.provider !== 'sandbox') return order.pay_link;
  const url = new URL(order.pay_link);
  return `${origin}${url.pathname}${url.search}`;
}

interface Composer {
  db: Queryable;
  order: OrderMailRow;
  locale: Locale;
  t: Translate<OrderMailMessageKey>;
  params: Record<string, string | number>;
}

async function renderDocument({ db, order, locale, t }: Composer): Promise<MailAttachment | null> {
  const view = await createOrderService({ db }).getOrder(order.customer_id, order.external_id, toApiLang(locale));
  if (!view) return null;
  const number = order.number;
  if (order.delivery_type !== 'delivery' && view.codigo_retirada) {
    const content = await renderTicketPdf({ ...view, codigo_retirada: view.codigo_retirada }, locale);
    return { filename: t('ticketFile', { number }), content, contentType: 'application/pdf' };
  }
  return { filename: t('receiptFile', { number }), content: await renderReceiptPdf(view, locale), contentType: 'application/pdf' };
}

async function composeStoreNotice({ db, order, t, params }: Composer, to: string): Promise<MailMessage> {
  const lines = await listOrderLinesForMail(db, order.id);
  return {
    to,
    subject: t('storePaidSubject', params),
    text: t('storePaidBody', {
      ...params,
      paidAt: formatDate(order.paid_at ?? new Date(), STORE_LOCALE),
      buyer: `${order.first_name} ${order.last_name}`.trim(),
      email: order.email,
      document: `${order.document_type} ${order.document}`.trim(),
      delivery: t(order.delivery_type === 'delivery' ? 'deliveryHome' : 'deliveryPickup'),
      code: order.pickup_code ?? '-',
      items: lines.map((line) => `${line.quantity} x ${line.product_code} ${line.name_es}`).join('\n'),
    }),
  };
}

async function composeShopperMail(composer: Composer, kind: Exclude<OrderMailKind, 'storePaid'>): Promise<MailMessage> {
  const { order, locale, t, params } = composer;
  const to = order.email;
  if (kind === 'created') {
    const expires = formatDate(order.expires_at ?? new Date(), locale);
    return { to, subject: t('createdSubject', params), text: t('createdBody', { ...params, expires }), link: String(params.payLink) };
  }
  if (kind === 'paid') {
    const attachment = await renderDocument(composer);
    const body = order.delivery_type === 'delivery' ? 'paidDeliveryBody' : 'paidBody';
    return { to, subject: t('paidSubject', params), text: t(body, params), attachments: attachment ? [attachment] : [] };
  }
  return { to, subject: t(`${kind}Subject`, params), text: t(`${kind}Body`, params), link: String(params.orderLink) };
}

/**
 * The order_mail job: writes the message from the order as it is now, in the order's language
 * (its storefront's), with links on the configured storefront origin, and sends it. A refused
 * send throws, so the queue tries again later.
 */
export function createOrderMailSender({ db }: { db: Queryable }) {
  return async function sendOrderMail(payload: unknown): Promise<void> {
    const job = toJob(payload);
    const order = await findOrderForMail(db, job.orderId);
    if (!order) return;
    const storeAddress = getConfig().STORE_ORDERS_EMAIL;
    if (job.kind === 'storePaid' && !storeAddress) return;
    const shopperLocale: Locale = isLocale(order.locale) ? order.locale : 'es-PY';
    const locale = job.kind === 'storePaid' ? STORE_LOCALE : shopperLocale;
    const origin = getStorefrontOrigin(shopperLocale === 'pt-BR' ? 'br' : 'es');
    const params = {
      name: order.first_name,
      number: order.number,
      total: formatAmount(toMajor(order.total_minor, order.decimals), order.currency_id),
      code: order.pickup_code ?? '',
      orderLink: `${origin}/pedido/${order.external_id}`,
      payLink: toPayLink(order, origin),
    };
    const composer: Composer = { db, order, locale, t: createTranslator(orderMailMessages, locale), params };
    const message =
      job.kind === 'storePaid' ? await composeStoreNotice(composer, storeAddress!) : await composeShopperMail(composer, job.kind);
    await sendMail(message);
  };
}
