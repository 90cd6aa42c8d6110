import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { toEmailKey } from '#lib/email-address.ts';
import { formatAmount, toMajor } from '#lib/money.ts';
import { orderMailMessages, type OrderMailMessageKey } from '#lib/i18n/order-mail.ts';
import { createTranslator, type Translate } from '#lib/i18n/translator.ts';
import { isLocale, toApiLang, type Locale } from '#lib/locale.ts';
import { getConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { addJob, toAddJobSql } from '../jobs/service.ts';
import { getLogger } from '../log/index.ts';
import { countMail } from '../metrics/index.ts';
import { createOrderReader } from '../orders/index.ts';
import { toAddressLines } from '#lib/address-lines.ts';
import type { LocalStoreDetails } from '#lib/contract/store-details.ts';
import { getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { renderReceiptPdf, renderTicketPdf } from '../pdf/index.ts';
import { getStoreDetails } from '../store-details/index.ts';
import { getStorefrontOrigin } from '../storefront-hosts.ts';
import { findOrderForMail, insertOrderMailLog, listOrderLinesForMail, type OrderMailRow } from './repository.ts';

// The transport: SMTP, or .eml files on a machine without one.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link inside, logged only when no SMTP server is configured (DECISIONS.md). */
  link?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const FROM = () => getConfig().MAIL_FROM;

let transport: Transporter | undefined;

function toEnvelope(message: MailMessage) {
  return { from: FROM(), to: message.to, subject: message.subject, text: message.text, attachments: message.attachments };
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
  const smtpUrl = getConfig().SMTP_URL;
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail(toEnvelope(message));
    return;
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await writer.sendMail(toEnvelope(message));
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

/** Queues a message written now (account e-mails); the queue sends it, retrying while the server refuses. */
export async function enqueueMail(db: Queryable, message: MailMessage): Promise<void> {
  await addJob(db, SEND_MAIL_TASK, message, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

function isMailMessage(payload: unknown): payload is MailMessage {
  const message = payload as Partial<MailMessage> | null;
  return typeof message?.to === 'string' && typeof message.subject === 'string' && typeof message.text === 'string';
}

/** The send_mail job. */
export async function sendQueuedMail(payload: unknown): Promise<void> {
  if (!isMailMessage(payload)) throw new Error('send_mail: not a mail message');
  await sendMail({ to: payload.to, subject: payload.subject, text: payload.text, link: payload.link });
}

/** The order e-mail kinds, in the order an order's life sends them. */
export const ORDER_MAIL_KINDS = ['created', 'paid', 'storePaid', 'shipped', 'pickedUp', 'refunded', 'cancelled'] as const;

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
  const view = await createOrderReader(db).getOrder(order.customer_id, order.external_id, toApiLang(locale));
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
      // A home delivery has an address to ship to, a pickup a code to check at the counter.
      handOver:
        order.delivery_type === 'delivery'
          ? t('storeDeliveryAddress', { address: toAddressLines(order.delivery_address).join('\n') })
          : t('storePickupCode', { code: order.pickup_code ?? '-' }),
      items: lines.map((line) => `${line.quantity} x ${line.product_code} ${line.name_es}`).join('\n'),
      panelLink: `${getStorefrontOrigin('es')}/painel/pedidos/${order.number}`,
    }),
  };
}

/** The store under every shopper mail (store details, panel): its name, address and contacts. */
function toSignature(store: LocalStoreDetails): string {
  return ['--', store.name, store.address, [...store.phones.slice(0, 1), ...store.emails.slice(0, 1)].join(' · ')]
    .filter(Boolean)
    .join('\n');
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
  if (kind === 'shipped') {
    // The tracking note typed when the order was marked shipped (a code, or a carrier's link).
    const tracking = order.tracking_note ? t('shippedTracking', { note: order.tracking_note }) : '';
    return { to, subject: t('shippedSubject', params), text: t('shippedBody', { ...params, tracking }), link: String(params.orderLink) };
  }
  if (kind === 'cancelled') {
    const text = order.status_by_staff
      ? t('cancelledByStoreBody', { ...params, reason: order.status_note ?? '' })
      : t('cancelledExpiredBody', params);
    return { to, subject: t('cancelledSubject', params), text, link: String(params.orderLink) };
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
      shopLink: `${origin}/`,
    };
    const composer: Composer = { db, order, locale, t: createTranslator(orderMailMessages, locale), params };
    const message =
      job.kind === 'storePaid'
        ? await composeStoreNotice(composer, storeAddress!)
        : await composeShopperMail(composer, job.kind).then(async (mail) => ({
            ...mail,
            text: `${mail.text}\n\n${toSignature(await getStoreDetails(locale))}`,
          }));
    // Only a mail the server took is on the order's timeline (and may be sent again).
    if (await sendMail(message)) await insertOrderMailLog(db, { orderId: order.id, kind: job.kind, recipient: message.to });
  };
}
