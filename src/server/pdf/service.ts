import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
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
import { packingMessages, type PackingMessageKey } from '#lib/i18n/packing.ts';
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

/** One order as its packing slip prints it (the order desk maps its order to this, in the staff member's language). */
export interface PackingSlip {
  number: number;
  createdAt: Date;
  buyerName: string;
  phone: string;
  document: string;
  /** How it leaves the store ("Entrega a domicílio — Moto Express", "Retirada na loja · AB12CD"). */
  delivery: string;
  /** The delivery address or the pickup point, line by line (empty for a store pickup). */
  destination: string[];
  notes: string[];
  items: { code: string; name: string; quantity: number; picture: Buffer | null }[];
}

/** One product of a pick list: its units over every selected order, and which orders want it. */
interface PickLine {
  code: string;
  name: string;
  quantity: number;
  orders: number[];
}

const PICTURE_SIDE = 36;
/** Room for a 20-character product code in 10 pt before it wraps. */
const CODE_WIDTH = 116;

/** A stored WebP picture as a small PNG pdfkit can embed; null when it does not decode. */
async function toThumbnail(picture: Buffer | null): Promise<Buffer | null> {
  if (!picture) return null;
  try {
    return await sharp(picture)
      .resize(PICTURE_SIDE * 2, PICTURE_SIDE * 2, { fit: 'inside' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** Rows of a table: `cells` at their x and width, a new page (and the header again) when the page is full. */
function writeTableRow(
  doc: PDFKit.PDFDocument,
  cells: { text: string; x: number; width: number; align?: 'left' | 'right' }[],
  height: number,
  header: () => void,
): number {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    header();
  }
  const y = doc.y;
  let bottom = y + height;
  for (const cell of cells) {
    doc.text(cell.text, cell.x, y + 2, { width: cell.width, align: cell.align ?? 'left' });
    bottom = Math.max(bottom, doc.y + 2);
  }
  doc
    .moveTo(doc.page.margins.left, bottom)
    .lineTo(doc.page.width - doc.page.margins.right, bottom)
    .strokeColor('#cccccc')
    .stroke();
  doc.x = doc.page.margins.left;
  doc.y = bottom + 4;
  return y;
}

function writeSlip(
  doc: PDFKit.PDFDocument,
  slip: PackingSlip,
  thumbnails: (Buffer | null)[],
  t: Translate<PackingMessageKey>,
  locale: Locale,
) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(t('packingSlipOf', { number: slip.number }), left);
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(formatDate(slip.createdAt.toISOString(), locale)).fillColor('#000000');
  doc.moveDown(0.5).fontSize(11).font('Helvetica-Bold').text(t('deliverTo')).font('Helvetica');
  doc.text(slip.buyerName);
  if (slip.phone) doc.text(slip.phone);
  if (slip.document) doc.text(slip.document);
  doc.moveDown(0.3).font('Helvetica-Bold').text(slip.delivery).font('Helvetica');
  for (const line of slip.destination) doc.text(line);
  doc.moveDown();
  const columns = {
    picture: left,
    code: left + PICTURE_SIDE + 8,
    name: left + PICTURE_SIDE + 8 + CODE_WIDTH + 10,
    quantity: right - 110,
    picked: right - 50,
  };
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    writeTableRow(
      doc,
      [
        { text: t('colCode'), x: columns.code, width: CODE_WIDTH },
        { text: t('colProduct'), x: columns.name, width: columns.quantity - columns.name - 8 },
        { text: t('colQuantity'), x: columns.quantity, width: 56, align: 'right' },
        { text: t('colPicked'), x: columns.picked, width: 50, align: 'right' },
      ],
      14,
      () => {},
    );
    doc.font('Helvetica').fontSize(10);
  };
  header();
  slip.items.forEach((item, index) => {
    const thumbnail = thumbnails[index];
    const y = writeTableRow(
      doc,
      [
        { text: item.code, x: columns.code, width: CODE_WIDTH },
        { text: item.name, x: columns.name, width: columns.quantity - columns.name - 8 },
        { text: String(item.quantity), x: columns.quantity, width: 56, align: 'right' },
      ],
      PICTURE_SIDE + 4,
      header,
    );
    if (thumbnail) doc.image(thumbnail, columns.picture, y + 2, { fit: [PICTURE_SIDE, PICTURE_SIDE] });
    doc
      .rect(right - 14, y + 4, 10, 10)
      .strokeColor('#000000')
      .stroke();
  });
  const units = slip.items.reduce((sum, item) => sum + item.quantity, 0);
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .text(t('unitsTotal', { n: units, lines: slip.items.length }), left)
    .font('Helvetica');
  if (slip.notes.length > 0) {
    doc.moveDown().font('Helvetica-Bold').text(t('staffNotes')).font('Helvetica');
    for (const note of slip.notes) doc.text(`• ${note}`);
  }
}

/** Packing slips: one order a page (a long order runs on), in the staff member's language. */
export async function renderPackingSlipsPdf(slips: PackingSlip[], locale: Locale): Promise<Buffer> {
  const t = createTranslator(packingMessages, locale);
  const doc = openDocument(slips.length === 1 ? t('packingSlipOf', { number: slips[0]!.number }) : t('packingSlip'));
  for (const [index, slip] of slips.entries()) {
    if (index > 0) doc.addPage();
    writeSlip(doc, slip, await Promise.all(slip.items.map((item) => toThumbnail(item.picture))), t, locale);
  }
  return toBuffer(doc);
}

/** The units of each product code over the orders, sorted by code: what to take off the shelves once. */
export function toPickLines(slips: PackingSlip[]): PickLine[] {
  const lines = new Map<string, PickLine>();
  for (const slip of slips) {
    for (const item of slip.items) {
      const line = lines.get(item.code) ?? { code: item.code, name: item.name, quantity: 0, orders: [] };
      line.quantity += item.quantity;
      if (!line.orders.includes(slip.number)) line.orders.push(slip.number);
      lines.set(item.code, line);
    }
  }
  return [...lines.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** The pick list of the selected orders: each product code once with its total units and its orders. */
export async function renderPickListPdf(slips: PackingSlip[], locale: Locale, now: Date): Promise<Buffer> {
  const t = createTranslator(packingMessages, locale);
  const doc = openDocument(t('pickList'));
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(16).text(t('pickList'));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(t('printedAt', { date: formatDate(now.toISOString(), locale) }));
  doc.text(t('pickListOrders', { numbers: slips.map((slip) => slip.number).join(', ') })).fillColor('#000000');
  doc.moveDown();
  const columns = { code: left, name: left + CODE_WIDTH + 10, quantity: right - 200, orders: right - 130 };
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    writeTableRow(
      doc,
      [
        { text: t('colCode'), x: columns.code, width: CODE_WIDTH },
        { text: t('colProduct'), x: columns.name, width: columns.quantity - columns.name - 8 },
        { text: t('colQuantity'), x: columns.quantity, width: 60, align: 'right' },
        { text: t('colOrders'), x: columns.orders, width: 130 },
      ],
      14,
      () => {},
    );
    doc.font('Helvetica').fontSize(10);
  };
  header();
  const lines = toPickLines(slips);
  for (const line of lines) {
    writeTableRow(
      doc,
      [
        { text: line.code, x: columns.code, width: CODE_WIDTH },
        { text: line.name, x: columns.name, width: columns.quantity - columns.name - 8 },
        { text: String(line.quantity), x: columns.quantity, width: 60, align: 'right' },
        { text: line.orders.join(', '), x: columns.orders, width: 130 },
      ],
      18,
      header,
    );
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .text(t('unitsTotal', { n: units, lines: lines.length }), left);
  return toBuffer(doc);
}
