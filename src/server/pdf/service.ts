import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { OrderView } from '#lib/contract/orders.ts';
import { formatAmount } from '#lib/money.ts';
import {
  getPickupPlace,
  getShownPayment,
  hasDeliveryDays,
  isIvaLabelled,
  toDeliveryName,
  toMapLink,
  type PickupPlace,
} from '#lib/contract/orders.ts';
import { checkoutMessages } from '#lib/i18n/checkout.ts';
import { orderMessages, toStatusLabel, type OrderMessageKey } from '#lib/i18n/orders.ts';
import { createTranslator, type Translate } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { LocalStoreDetails } from '#lib/contract/store-details.ts';
import { getStoreDetails } from '../store-details/index.ts';

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function openDocument(title: string): PDFKit.PDFDocument {
  // Uncompressed content streams: small documents, and their text stays checkable.
  return new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: title, Author: 'Fronteira' } });
}

function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Asuncion' }).format(new Date(iso));
}

function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Asuncion' }).format(new Date(iso));
}

/** The store at the top of each document (store details): name, legal name and RUC, address, contacts. */
function writeStoreHeading(doc: PDFKit.PDFDocument, store: LocalStoreDetails): void {
  doc.fontSize(18).text(store.name);
  const lines = [
    [store.legalName, store.ruc && `RUC ${store.ruc}`].filter(Boolean).join(' — '),
    store.address,
    [...store.phones, ...store.emails.slice(0, 1)].join(' — '),
  ].filter(Boolean);
  if (lines.length) doc.fontSize(9).text(lines.join('\n'));
}

/** The buyer's name and document, as the receipt and the ticket print them. */
function writeBuyer(doc: PDFKit.PDFDocument, order: OrderView, t: Translate<OrderMessageKey>): void {
  doc.text(`${t('buyer')}: ${order.comprador.nome}`);
  doc.text(`${t('buyerDocument')}: ${`${order.comprador.documento_tipo} ${order.comprador.documento}`.trim()}`);
}

/** Where to collect the order: name, address, hours where known, and a map link. */
function writePickupPlace(doc: PDFKit.PDFDocument, place: PickupPlace, t: Translate<OrderMessageKey>): void {
  doc.font('Helvetica-Bold').text(t('pickupPlace')).font('Helvetica');
  doc.text(place.name);
  doc.text(place.address);
  if (place.hours) doc.text(`${t('pickupHours')}: ${place.hours}`);
  doc
    .fillColor('#0f5a2a')
    .text(t('openMap'), { link: toMapLink(place.address), underline: true })
    .fillColor('#000000');
}

/** The receipt of an order: number, date, status, items, totals (the /success download). */
export async function renderReceiptPdf(order: OrderView, locale: Locale): Promise<Buffer> {
  const t = createTranslator(orderMessages, locale);
  const tc = createTranslator(checkoutMessages, locale);
  const money = (value: number) => formatAmount(value, order.moeda_id);
  const doc = openDocument(`${t('receiptTitle')} ${order.pedido}`);
  writeStoreHeading(doc, await getStoreDetails(locale));
  doc.moveDown(0.5).fontSize(14).text(t('receiptTitle'));
  doc.moveDown().fontSize(11);
  doc.text(t('orderNumber', { number: order.pedido }));
  doc.text(`${t('orderDate')}: ${formatDate(order.created_at, locale)}`);
  doc.text(`${t('orderStatus')}: ${toStatusLabel(t, order.status)}`);
  writeBuyer(doc, order, t);
  const payment = getShownPayment(order);
  if (payment) doc.text(`${t('paymentMethod')}: ${tc(`method_${payment.forma_pagamento}` as 'method_pix')}`);
  const deliveryName = toDeliveryName(order);
  doc.text(`${t('orderDelivery')}: ${t(`delivery_${order.tipo_entrega}`)}${deliveryName ? ` — ${deliveryName}` : ''}`);
  if (hasDeliveryDays(order)) doc.text(`${t('orderDeliveryDays')}: ${tc('deliveryDays', { n: order.prazo_entrega ?? 0 })}`);
  if (order.endereco_entrega) doc.text(`${t('deliveryAddress')}: ${order.endereco_entrega.join(' — ')}`);
  doc.moveDown();
  for (const item of order.itens) {
    doc.text(`${item.qtde} x ${item.produto.codigo} ${item.produto.nome} — ${money(item.valor_unitario)} = ${money(item.valor_subtotal)}`);
  }
  doc.moveDown();
  doc.text(`${t('orderProducts')}: ${money(order.valor_produtos)}`);
  doc.text(`${t('orderShipping')}: ${money(order.valor_frete)}`);
  const ivaNote = isIvaLabelled(order.moeda_id) ? ` (${t('ivaIncluded')})` : '';
  doc.fontSize(13).text(`${t('orderTotalWithShipping')}: ${money(order.valor_total)}${ivaNote}`);
  if (order.codigo_retirada)
    doc
      .moveDown()
      .fontSize(11)
      .text(`${t('pickupCode')}: ${order.codigo_retirada}`);
  return toBuffer(doc);
}

/** The pickup ticket: the code large, as a Code 128 barcode and as a QR code. */
export async function renderTicketPdf(order: OrderView & { codigo_retirada: string }, locale: Locale): Promise<Buffer> {
  const t = createTranslator(orderMessages, locale);
  const [barcode, qr] = await Promise.all([
    bwipjs.toBuffer({ bcid: 'code128', text: order.codigo_retirada, scale: 3, height: 14, includetext: false }),
    bwipjs.toBuffer({ bcid: 'qrcode', text: order.codigo_retirada, scale: 6 }),
  ]);
  const store = await getStoreDetails(locale);
  const doc = openDocument(`${t('ticketTitle')} ${order.pedido}`);
  writeStoreHeading(doc, store);
  doc.moveDown(0.5).fontSize(14).text(t('ticketTitle'));
  doc
    .moveDown()
    .fontSize(12)
    .text(t('orderNumber', { number: order.pedido }));
  doc.text(`${t('orderDate')}: ${formatDate(order.created_at, locale)}`);
  doc.fontSize(11);
  writeBuyer(doc, order, t);
  if (order.retirar_ate)
    doc
      .font('Helvetica-Bold')
      .text(`${t('pickupUntil')}: ${formatDay(order.retirar_ate, locale)}`)
      .font('Helvetica');
  const document = `${order.comprador.documento_tipo} ${order.comprador.documento}`.trim();
  doc.text(
    order.comprador.documento_tipo === 'CPF'
      ? t('bringDocumentBrazil', { document: order.comprador.documento })
      : t('bringDocument', { document }),
  );
  const place = getPickupPlace(order, store);
  if (place) writePickupPlace(doc.moveDown(0.5), place, t);
  doc.moveDown().fontSize(11).text(t('pickupCode'));
  doc.font('Courier-Bold').fontSize(32).text(order.codigo_retirada, { characterSpacing: 4 });
  doc.font('Helvetica').moveDown(0.5);
  doc.image(barcode, { width: 300 });
  doc.moveDown(0.5);
  doc.image(qr, { width: 140 });
  doc.moveDown().fontSize(11).text(t('ticketHint'));
  for (const item of order.itens) doc.text(`${item.qtde} x ${item.produto.codigo} ${item.produto.nome}`);
  return toBuffer(doc);
}

/** The same codes as inline SVG, for the print view and the sandbox page (no image requests). */
export function renderCodeSvg(kind: 'code128' | 'qrcode', text: string): string {
  return bwipjs.toSVG(
    kind === 'qrcode' ? { bcid: 'qrcode', text, scale: 3 } : { bcid: 'code128', text, scale: 2, height: 12, includetext: true },
  );
}
