import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  callGateway,
  toMinorUnits,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type RefundResult,
  type WebhookVerification,
} from './provider.ts';
import { toMajor } from '#lib/money.ts';
import { GatewayError } from './errors.ts';

/**
 * Mercado Pago (Brazilian buyers), Checkout Pro through its documented REST API (decision
 * 0410): a preference per order, the shopper pays on Mercado Pago's page (PIX QR and code,
 * boleto, card up to 10 instalments), the webhook is verified by its x-signature and the
 * payment is then read with GET /v1/payments/{id} before anything changes.
 */
export const MERCADOPAGO_PROVIDER_ID = 'mercadopago';
const BRL = 1;
const MAX_INSTALLMENTS = 10;
/** Notifications signed longer ago than this are refused as replays. */
const SIGNATURE_TOLERANCE_S = 300;

/** Payment types (Mercado Pago's payment_type_id) each of our methods keeps; the rest are excluded. */
const PAYMENT_TYPES: Record<string, string[]> = {
  pix: ['bank_transfer'],
  boleto: ['ticket'],
  card: ['credit_card', 'debit_card'],
};
const ALL_PAYMENT_TYPES = ['credit_card', 'debit_card', 'ticket', 'bank_transfer', 'atm', 'account_money', 'prepaid_card'];

const STATUS: Record<string, ProviderPaymentStatus> = {
  approved: 'approved',
  rejected: 'declined',
  cancelled: 'declined',
  // A dispute opened after approval: the money is still held for the shop until it is decided.
  in_mediation: 'approved',
};

export interface MercadoPagoPayment {
  id: number | string;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
}

export interface MercadoPagoConfig {
  apiUrl: string;
  accessToken: string;
  webhookSecret: string;
  timeoutMs: number;
}

/** The signed manifest of a notification, exactly as Mercado Pago documents it (trailing semicolon included). */
export function toSignatureManifest(dataId: string, requestId: string, ts: string): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};request-id:${requestId};ts:${ts};`;
}

export function signMercadoPagoManifest(manifest: string, secret: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

function toReport(payment: MercadoPagoPayment) {
  return {
    status: STATUS[payment.status] ?? 'pending',
    amountMinor: toMinorUnits(payment.transaction_amount, 2),
    currencyId: payment.currency_id === 'BRL' ? BRL : -1,
  } as const;
}

/**
 * When an `x-signature` was made, in seconds. Mercado Pago's guide calls `ts` a timestamp "in
 * milliseconds" but shows `ts=1704908010` (seconds), and the official SDK's validator reads
 * seconds (sdk-nodejs issue #458): 10 digits or fewer are seconds, more are milliseconds (decision 0410).
 */
function toSignedAtSeconds(ts: string): number {
  return ts.length > 10 ? Number(ts) / 1000 : Number(ts);
}

export function createMercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const auth = { authorization: `Bearer ${config.accessToken}` };
  const call = <T>(path: string, options: { json?: unknown; idempotencyKey?: string } = {}) =>
    callGateway<T>(`${config.apiUrl}${path}`, {
      headers: { ...auth, ...(options.idempotencyKey ? { 'x-idempotency-key': options.idempotencyKey } : {}) },
      json: options.json,
      timeoutMs: config.timeoutMs,
    });

  /** Every payment made for our reference, newest first (a shopper may be declined, then pay). */
  async function findPayments(reference: string): Promise<MercadoPagoPayment[]> {
    const query = new URLSearchParams({ external_reference: reference, sort: 'date_created', criteria: 'desc' });
    const answer = await call<{ results?: MercadoPagoPayment[] }>(`/v1/payments/search?${query}`);
    return answer.results ?? [];
  }

  return {
    id: MERCADOPAGO_PROVIDER_ID,
    currencyId: BRL,

    async createPayment(input) {
      const keep = input.method ? (PAYMENT_TYPES[input.method] ?? []) : ALL_PAYMENT_TYPES;
      const preference = await call<{ id: string; init_point: string }>('/checkout/preferences', {
        idempotencyKey: input.reference,
        json: {
          items: input.items.map((item) => ({
            id: item.id,
            title: item.title,
            quantity: item.quantity,
            unit_price: toMajor(item.unitMinor, 2),
            currency_id: 'BRL',
          })),
          payer: {
            email: input.payer.email,
            name: input.payer.firstName,
            surname: input.payer.lastName,
            identification: { type: input.payer.documentType.toUpperCase() || 'CPF', number: input.payer.document.replace(/\D/g, '') },
          },
          external_reference: input.reference,
          // source_news=webhooks: only signed Webhooks, not the unsigned IPN calls, reach this URL.
          notification_url: `${input.shopOrigin}/ecom/pagamentos/webhook/${MERCADOPAGO_PROVIDER_ID}?source_news=webhooks`,
          back_urls: { success: input.returnUrl, pending: input.returnUrl, failure: input.returnUrl },
          auto_return: 'approved',
          payment_methods: {
            excluded_payment_types: ALL_PAYMENT_TYPES.filter((type) => !keep.includes(type)).map((id) => ({ id })),
            installments: input.method === 'card' || !input.method ? MAX_INSTALLMENTS : 1,
            ...(input.method === 'card' ? { default_installments: input.installments } : {}),
          },
          statement_descriptor: 'FRONTEIRA',
        },
      });
      return { link: preference.init_point, providerPaymentId: preference.id };
    },

    async verifyWebhook({ headers, query }, now): Promise<WebhookVerification> {
      const signature = headers.get('x-signature') ?? '';
      const requestId = headers.get('x-request-id') ?? '';
      const dataId = query.get('data.id') ?? query.get('id') ?? '';
      const parts = Object.fromEntries(signature.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
      const ts = parts.ts ?? '';
      const given = Buffer.from(parts.v1 ?? '');
      if (!/^\d{1,16}$/.test(ts) || !dataId || !requestId) return { ok: false, reason: 'bad_signature' };
      const expected = Buffer.from(signMercadoPagoManifest(toSignatureManifest(dataId, requestId, ts), config.webhookSecret));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad_signature' };
      if (Math.abs(now.getTime() / 1000 - toSignedAtSeconds(ts)) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: 'stale' };
      if (query.get('type') !== null && query.get('type') !== 'payment') return { ok: false, reason: 'malformed' };
      let payment: MercadoPagoPayment;
      try {
        payment = await call<MercadoPagoPayment>(`/v1/payments/${encodeURIComponent(dataId)}`);
      } catch (error) {
        console.warn(`mercadopago: payment ${dataId} could not be read`, error instanceof GatewayError ? error.message : error);
        return { ok: false, reason: error instanceof GatewayError && error.status === 404 ? 'malformed' : 'gateway_error' };
      }
      if (!payment.external_reference) return { ok: false, reason: 'malformed' };
      const event: PaymentEvent = {
        eventId: `${payment.id}:${payment.status}`,
        reference: payment.external_reference,
        ...toReport(payment),
      };
      return { ok: true, event };
    },

    async fetchPaymentStatus(reference) {
      const payments = await findPayments(reference);
      const chosen = payments.find((payment) => payment.status === 'approved') ?? payments[0];
      return chosen ? toReport(chosen) : null;
    },

    async refundPayment({ reference, amountMinor, currencyId }): Promise<RefundResult> {
      try {
        const payments = await findPayments(reference);
        const paid = payments.find((payment) => payment.status === 'approved' || payment.status === 'refunded');
        if (!paid) return { ok: false, reason: payments.length === 0 ? 'unknown_payment' : 'not_captured' };
        const report = toReport(paid);
        if (report.amountMinor !== amountMinor || report.currencyId !== currencyId) return { ok: false, reason: 'amount_mismatch' };
        if (paid.status === 'refunded') return { ok: true };
        await call(`/v1/payments/${paid.id}/refunds`, { json: {}, idempotencyKey: `refund-${reference}` });
        return { ok: true };
      } catch (error) {
        console.warn(`mercadopago: refund of ${reference} failed`, error instanceof GatewayError ? error.message : error);
        return { ok: false, reason: 'gateway_error' };
      }
    },
  };
}
