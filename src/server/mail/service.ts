import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getPickupPlace, isIvaLabelled, showsPickupCode, toMapLink, type OrderView, type PickupPlace } from '#lib/contract/orders.ts';
import { createStoreDateFormat } from '#lib/dates.ts';
import { toDocumentLabel } from '#lib/documents.ts';
import { toEmailKey } from '#lib/email-address.ts';
import { formatAmount } from '#lib/money.ts';
import { orderMailMessages } from '#lib/i18n/order-mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { isLocale, toApiLang, type Locale } from '#lib/locale.ts';
import { getConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { addJob, toAddJobSql } from '../jobs/service.ts';
import { getLogger } from '../log/index.ts';
import { countMail } from '../metrics/index.ts';
import { createOrderReader } from '../orders/index.ts';
import { getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { renderReceiptPdf, renderTicketPdf } from '../pdf/index.ts';
import { getStoreDetails } from '../store-details/index.ts';
import { getStorefrontOrigin } from '../storefront-hosts.ts';
import { findOrderForMail, insertOrderMailLog, type OrderMailRow } from './repository.ts';
import type { MailProps, MailTemplateName } from './templates/index.ts';
import type { LocalStoreDetails } from '#lib/contract/store-details.ts';
import type { OrderMailView } from './templates/order-parts.ts';
import type { MailContext } from './templates/parts.ts';

// The transport: SMTP, or .eml files on a machine without one.

export interface MailMessage {
  to: string;
  /** The sender (MAIL_FROM, else the storefront's name at no-reply@ its host); MAIL_FROM when absent. */
  from?: MailSender;
  subject: string;
  text: string;
  /** The HTML part; `text` is its plain-text alternative. */
  html?: string;
  /** The action link inside, logged only when no SMTP server is configured (DECISIONS.md). */
  link?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type MailSender = string | { name: string; address: string };

/** MAIL_FROM when set; otherwise the storefront's name at no-reply@ its own host (never a made-up domain). */
function toSender(brand: MailContext['brand']): MailSender {
  return getConfig().MAIL_FROM ?? { name: brand.name, address: `no-reply@${new URL(brand.origin).hostname}` };
}

let transport: Transporter | undefined;

function toEnvelope(message: MailMessage, brand: MailContext['brand'] | null) {
  const from = message.from ?? (brand ? toSender(brand) : undefined);
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments };
}

/** The file operations the mail folder needs (tests hand in a disk that fills up). */
export interface MailFolderFs {
  mkdir: typeof mkdir;
  writeFile: typeof writeFile;
  rename: typeof rename;
  rm: typeof rm;
}

/**
 * Writes one .eml whole or not at all: under a hidden partial name, then renamed. A write that
 * fails (a full disk) removes its partial file and throws, so the queue tries the mail again
 * later and the folder never holds an empty or cut message.
 */
export async function writeMailFile(
  folder: string,
  name: string,
  message: Buffer,
  fs: MailFolderFs = { mkdir, writeFile, rename, rm },
): Promise<string> {
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  const partial = path.join(folder, `.${name}.partial`);
  try {
    await fs.writeFile(partial, message);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true }).catch(() => undefined);
    throw error;
  }
  return file;
}

/**
 * Whether `to` may receive one more e-mail this hour: MAIL_MAX_PER_RECIPIENT_PER_HOUR over every
 * kind of mail, whoever triggered it, counted on the address as one account (toEmailKey). The
 * store's own address (STORE_ORDERS_EMAIL, a notice per paid order) is not capped.
 */
async function mayMail(to: string): Promise<boolean> {
  const config = getConfig();
  const recipient = toEmailKey(to);
  if (config.STORE_ORDERS_EMAIL && recipient === toEmailKey(config.STORE_ORDERS_EMAIL)) return true;
  return getRateLimiter().consume({ ...LIMITS.mailRecipient, points: config.MAIL_MAX_PER_RECIPIENT_PER_HOUR }, recipient);
}

/**
 * Sends through SMTP_URL when set; otherwise writes the message as an .eml file under
 * DATA_DIR/mail and logs its path and link, so the flows work on a fresh machine. False: the
 * recipient's cap dropped it.
 */
export async function sendMail(message: MailMessage): Promise<boolean> {
  if (!(await mayMail(message.to))) {
    getLogger().warn({ subject: message.subject }, '[mail] recipient cap reached: message dropped');
    countMail('capped');
    return false;
  }
  try {
    await deliver(message);
    countMail('sent');
    return true;
  } catch (error) {
    countMail('failed');
    throw error;
  }
}

async function deliver(message: MailMessage): Promise<void> {
  // A message without its own sender goes out in the name of the Spanish storefront (the store's own).
  const envelope = toEnvelope(message, message.from ? null : toMailContext('es-PY', await getStoreDetails('es-PY')).brand);
  const smtpUrl = getConfig().SMTP_URL;
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail(envelope);
    return;
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await writer.sendMail(envelope);
  const folder = path.join(path.resolve(getConfig().DATA_DIR), 'mail');
  const file = await writeMailFile(
    folder,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
    info.message as Buffer,
  );
  // A warning: nothing was sent (the link lets a developer follow the mail all the same).
  getLogger().warn(`[mail] no SMTP_URL: wrote ${file}${message.link ? ` link: ${message.link}` : ''}`);
}

// The mail queue: messages written now (account e-mails) and sent by the send_mail job.

export const SEND_MAIL_TASK = 'send_mail';
/** With graphile-worker's backoff (e^attempt seconds) ten attempts span about five hours. */
export const MAIL_MAX_ATTEMPTS = 10;

/**
 * A queued e-mail: which template, its props and the reader's language. The send_mail job renders
 * it (HTML and text) and sends it, so no request waits for a render.
 */
export interface QueuedMail<Name extends MailTemplateName = MailTemplateName> {
  to: string;
  template: Name;
  props: MailProps<Name>;
  locale: Locale;
  /** The action link inside, logged only when no SMTP server is configured (DECISIONS.md). */
  link?: string;
}

/** Queues an e-mail (account e-mails, the panel's test); the queue renders and sends it, retrying while the server refuses. */
export async function enqueueMail<Name extends MailTemplateName>(db: Queryable, mail: QueuedMail<Name>): Promise<void> {
  await addJob(db, SEND_MAIL_TASK, mail, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

/** The storefront that speaks a language: pt-BR the Brazilian one, Spanish the Paraguayan one. */
function toMailContext(locale: Locale, store: LocalStoreDetails): MailContext {
  const origin = getStorefrontOrigin(locale === 'pt-BR' ? 'br' : 'es');
  // Under every e-mail: where the store is and how to reach it (store details, panel).
  const contact = [store.address, ...store.phones.slice(0, 1), ...store.emails.slice(0, 1)].filter(Boolean).join(' · ');
  return { locale, brand: { name: store.name, origin, logoUrl: `${origin}/icons/icon-192.png`, contact } };
}

/** Renders a template in `context` (the renderer is loaded on the first e-mail, by the job, never by a request). */
async function renderMessage<Name extends MailTemplateName>(
  name: Name,
  props: MailProps<Name>,
  context: MailContext,
): Promise<Pick<MailMessage, 'from' | 'subject' | 'text' | 'html'>> {
  const { renderMail } = await import('./templates/index.ts');
  return { from: toSender(context.brand), ...(await renderMail(name, props, context)) };
}

function isQueuedMail(payload: unknown): payload is QueuedMail {
  const mail = payload as Partial<QueuedMail> | null;
  return typeof mail?.to === 'string' && typeof mail.template === 'string' && isLocale(mail.locale);
}

/** A message queued whole before templates (a job left from the previous release): sent as it is. */
function isWrittenMessage(payload: unknown): payload is MailMessage {
  const message = payload as Partial<MailMessage> | null;
  return typeof message?.to === 'string' && typeof message.subject === 'string' && typeof message.text === 'string';
}

/** The send_mail job. */
export async function sendQueuedMail(payload: unknown): Promise<void> {
  if (isQueuedMail(payload)) {
    const rendered = await renderMessage(
      payload.template,
      payload.props,
      toMailContext(payload.locale, await getStoreDetails(payload.locale)),
    );
    await sendMail({ to: payload.to, link: payload.link, ...rendered });
    return;
  }
  if (!isWrittenMessage(payload)) throw new Error('send_mail: not a mail message');
  await sendMail({ to: payload.to, subject: payload.subject, text: payload.text, link: payload.link });
}

/** The order e-mail kinds, in the order an order's life sends them. */
export const ORDER_MAIL_KINDS = ['created', 'paid', 'storePaid', 'shipped', 'pickedUp', 'partlyRefunded', 'refunded', 'cancelled'] as const;

// Order e-mails: queued in the transaction that changes the order, written when sent.

/** What an order e-mail tells; `storePaid` goes to STORE_ORDERS_EMAIL, every other to the shopper. */
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

export interface OrderMailJob {
  orderId: number;
  kind: OrderMailKind;
}

export const ORDER_MAIL_TASK = 'order_mail';

const STATUS_KINDS: Record<string, OrderMailKind> = { ENVIADO: 'shipped', RETIRADO: 'pickedUp', ESTORNADO: 'refunded' };

/**
 * Queues one order e-mail on `db`, the transaction that changes the order: rolled back, nothing
 * is sent; committed, the queue sends it (retrying while the mail server refuses). The message is
 * written when it is sent, in the order's language, with links to the configured storefront.
 */
export async function enqueueOrderMail(db: Queryable, orderId: number, kind: OrderMailKind): Promise<void> {
  const job: OrderMailJob = { orderId, kind };
  await addJob(db, ORDER_MAIL_TASK, job, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

/** enqueueOrderMail as a SQL expression, for a statement that has the order's id as `orderIdSql`. */
export function toOrderMailJobSql(orderIdSql: string, kind: OrderMailKind): string {
  return toAddJobSql(ORDER_MAIL_TASK, `json_build_object('orderId', ${orderIdSql}, 'kind', '${kind}')`, MAIL_MAX_ATTEMPTS);
}

/**
 * The order desk's hook: call it inside the transaction that moves the order to `status`.
 * ENVIADO (shipped), RETIRADO (handed over at the counter) and ESTORNADO (refunded) tell the
 * shopper; any other status sends nothing.
 */
export async function enqueueOrderStatusMail(db: Queryable, orderId: number, status: string): Promise<void> {
  const kind = STATUS_KINDS[status];
  if (kind) await enqueueOrderMail(db, orderId, kind);
}

/** The order became PAGO: the shopper's confirmation (pickup code, ticket PDF) and the store's notice. */
export async function enqueueOrderPaidMails(db: Queryable, orderId: number): Promise<void> {
  await enqueueOrderMail(db, orderId, 'paid');
  await enqueueOrderMail(db, orderId, 'storePaid');
}

// The store reads its notices in Spanish (Paraguay).
const STORE_LOCALE: Locale = 'es-PY';

function toJob(payload: unknown): OrderMailJob {
  const job = payload as Partial<OrderMailJob> | null;
  if (!Number.isSafeInteger(job?.orderId) || !ORDER_MAIL_KINDS.includes(job?.kind as OrderMailKind))
    throw new Error('order_mail: malformed job');
  return job as OrderMailJob;
}

/** A date in the reader's language on the store's clock (the one date rule, src/lib/dates.ts). */
function formatDate(date: Date, locale: Locale, withTime = true): string {
  return createStoreDateFormat(locale, withTime ? 'dateTime' : 'longDay')(date);
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

/**
 * The order as its e-mail shows it, every link and picture on the reader's storefront (`context`);
 * `store`: the store's details (getStoreDetails) for a pickup at the store.
 */
export function toOrderMailView(order: OrderMailRow, view: OrderView, context: MailContext, store: PickupPlace): OrderMailView {
  const { locale, brand } = context;
  const money = (major: number) => formatAmount(major, view.moeda_id);
  const place = getPickupPlace(view, store);
  return {
    name: order.first_name,
    number: order.number,
    orderLink: `${brand.origin}/pedido/${order.external_id}`,
    items: view.itens.map((item) => ({
      name: item.produto.nome,
      code: item.produto.codigo,
      quantity: item.qtde,
      unitPrice: money(item.valor_unitario),
      subtotal: money(item.valor_subtotal),
      imageUrl: item.produto.imagem ? new URL(item.produto.imagem, brand.origin).toString() : null,
    })),
    productsTotal: money(view.valor_produtos),
    shipping: money(view.valor_frete),
    total: money(view.valor_total),
    ivaIncluded: isIvaLabelled(view.moeda_id),
    // A home delivery has nothing to pick up: no code, no place (issue 35 point 5).
    pickup:
      view.tipo_entrega === 'delivery'
        ? null
        : {
            code: showsPickupCode(view) ? (view.codigo_retirada ?? '') : '',
            place,
            mapLink: place ? toMapLink(place.address) : null,
            until: view.retirar_ate ? formatDate(new Date(view.retirar_ate), locale, false) : null,
          },
    deliveryAddress: view.endereco_entrega,
    payLink: toPayLink(order, brand.origin),
    shopLink: `${brand.origin}/`,
    expires: formatDate(order.expires_at ?? new Date(), locale),
    trackingNote: order.tracking_note,
    cancelReason: order.status_by_staff ? (order.status_note ?? '') : null,
    // What partial refunds gave back so far (done ones only: money actually returned).
    partRefund:
      view.valor_devolvido > 0
        ? {
            amount: money(view.valor_devolvido),
            lines: view.itens
              .filter((item) => item.qtde_devolvida > 0)
              .map((item) => `${item.qtde_devolvida} x ${item.produto.codigo} ${item.produto.nome}`),
          }
        : null,
    store: {
      buyerName: `${order.first_name} ${order.last_name}`.trim(),
      email: order.email,
      document: toDocumentLabel(order.document_type, order.document),
      paidAt: formatDate(order.paid_at ?? new Date(), locale),
      panelLink: `${brand.origin}/painel/pedidos/${order.number}`,
    },
  };
}

/** The paid order's PDF: the pickup ticket (with its code) or the receipt. */
async function renderDocument(view: OrderView, locale: Locale): Promise<MailAttachment> {
  const t = createTranslator(orderMailMessages, locale);
  const number = view.pedido;
  if (view.tipo_entrega !== 'delivery' && view.codigo_retirada) {
    const content = await renderTicketPdf({ ...view, codigo_retirada: view.codigo_retirada }, locale);
    return { filename: t('ticketFile', { number }), content, contentType: 'application/pdf' };
  }
  return { filename: t('receiptFile', { number }), content: await renderReceiptPdf(view, locale), contentType: 'application/pdf' };
}

type OrderTemplateName =
  | 'orderCreated'
  | 'orderPaid'
  | 'storeOrderPaid'
  | 'orderShipped'
  | 'orderPickedUp'
  | 'orderPartlyRefunded'
  | 'orderRefunded'
  | 'orderCancelled';

const ORDER_TEMPLATES: Record<OrderMailKind, OrderTemplateName> = {
  created: 'orderCreated',
  paid: 'orderPaid',
  storePaid: 'storeOrderPaid',
  shipped: 'orderShipped',
  pickedUp: 'orderPickedUp',
  partlyRefunded: 'orderPartlyRefunded',
  refunded: 'orderRefunded',
  cancelled: 'orderCancelled',
};

/**
 * The order_mail job: writes the message from the order as it is now, in the order's language
 * (its storefront's; the store's notice in Spanish), with links on that storefront's configured
 * origin, and sends it. A refused send throws, so the queue tries again later.
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
    const view = await createOrderReader(db).getOrder(order.customer_id, order.external_id, toApiLang(locale));
    if (!view) return;
    const store = await getStoreDetails(locale);
    const context = toMailContext(locale, store);
    const to = job.kind === 'storePaid' ? storeAddress! : order.email;
    const mailView = toOrderMailView(order, view, context, store);
    const message: MailMessage = {
      to,
      ...(await renderMessage(ORDER_TEMPLATES[job.kind], mailView, context)),
      link: job.kind === 'created' ? mailView.payLink : mailView.orderLink,
      attachments: job.kind === 'paid' ? [await renderDocument(view, locale)] : [],
    };
    // Only a mail the server took is on the order's timeline (and may be sent again).
    if (await sendMail(message)) await insertOrderMailLog(db, { orderId: order.id, kind: job.kind, recipient: message.to });
  };
}
