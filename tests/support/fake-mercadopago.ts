import { createHmac, randomUUID } from 'node:crypto';
import { createFailures, startJsonServer, type FakeAnswer, type FakeRequest } from './fake-http.ts';

/**
 * A local Mercado Pago speaking the documented REST calls the adapter makes (decision 0410):
 * POST /checkout/preferences, GET /v1/payments/{id}, GET /v1/payments/search,
 * POST /v1/payments/{id}/refunds, with Bearer authentication and Mercado Pago's error shape
 * ({ message, error, status, cause }). `pay` plays the shopper on the hosted page;
 * `notification` builds the webhook Mercado Pago would send, signed with x-signature.
 */
export const FAKE_MP_ACCESS_TOKEN = 'APP_USR-0000000000000000-fake-token';
export const FAKE_MP_WEBHOOK_SECRET = 'fake-mercadopago-webhook-secret';

interface Preference {
  id: string;
  body: PreferenceBody;
}

/** The fields of a created preference (Checkout Pro, POST /checkout/preferences) the tests read. */
interface PreferenceBody extends Record<string, unknown> {
  payment_methods?: { excluded_payment_types: Array<{ id: string }>; installments?: number; default_installments?: number };
  back_urls?: { success: string };
}
export interface FakeMpPayment {
  id: number;
  /** Payments API "status": after approval a payment may become refunded, charged_back or in_mediation. */
  status: 'approved' | 'rejected' | 'pending' | 'in_process' | 'cancelled' | 'refunded' | 'charged_back' | 'in_mediation';
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: 'BRL';
  installments: number;
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  /** Changes with every change of the payment (Payments API, GET /v1/payments/{id}). */
  date_last_updated: string;
  /** What was given back so far: a partial refund leaves the payment approved (Refunds, "Create refund"). */
  transaction_amount_refunded: number;
}

/** Mercado Pago Brazil's payer identification types (GET /v1/identification_types): CPF 11 digits, CNPJ 14 characters. */
const IDENTIFICATION_LENGTH: Record<string, number> = { CPF: 11, CNPJ: 14 };
/** ISO 8601 with milliseconds and an offset, as "Definir vigência da preferência" and "Change expiration date" write it. */
const MP_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

const mpError = (status: number, error: string, message: string, cause: unknown[] = []): FakeAnswer => ({
  status,
  body: { message, error, status, cause },
});

export async function startFakeMercadoPago() {
  const preferences = new Map<string, Preference>();
  /** The preference created under each X-Idempotency-Key: a repeated key answers the same one, nothing new is created. */
  const preferencesByKey = new Map<string, Preference>();
  const payments = new Map<number, FakeMpPayment>();
  const refunds: Array<{ payment_id: number; amount: number }> = [];
  /** The refund answered under each X-Idempotency-Key: a repeated key gives nothing back twice. */
  const refundsByKey = new Map<string, FakeAnswer>();
  const failures = createFailures();
  let nextPaymentId = 1_320_000_000;

  function handle(request: FakeRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${FAKE_MP_ACCESS_TOKEN}`) return mpError(401, 'unauthorized', 'invalid access token');
    const failure = failures.take(request.path);
    if (failure) return failure;
    if (request.method === 'POST' && request.path === '/checkout/preferences') {
      const items = request.body.items;
      if (!Array.isArray(items) || items.length === 0)
        return mpError(400, 'bad_request', 'items needed', [{ code: 'items', description: 'items needed' }]);
      const refusal = getPreferenceRefusal(request.body);
      if (refusal) return mpError(400, 'bad_request', refusal, [{ code: 'invalid_parameter', description: refusal }]);
      const key = String(request.headers['x-idempotency-key'] ?? '');
      const preference = (key && preferencesByKey.get(key)) || { id: `202809963-${randomUUID()}`, body: request.body };
      preferences.set(preference.id, preference);
      if (key) preferencesByKey.set(key, preference);
      return {
        status: 201,
        body: {
          ...preference.body,
          id: preference.id,
          init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${preference.id}`,
          sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${preference.id}`,
          date_created: new Date().toISOString(),
        },
      };
    }
    if (request.method === 'GET' && request.path === '/v1/payments/search') {
      const reference = request.query.get('external_reference');
      const results = [...payments.values()].filter((payment) => payment.external_reference === reference).reverse();
      return { status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } };
    }
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(request.path);
    if (request.method === 'POST' && refund) {
      // "Sending it is mandatory to ensure the execution and re-execution of requests without side
      // effects such as duplicate payments in refund cases" (Refunds, Management after payment).
      if (!request.headers['x-idempotency-key'])
        return mpError(400, 'bad_request', 'X-Idempotency-Key header is required', [
          { code: 'header_required', description: 'X-Idempotency-Key header is required' },
        ]);
      const key = String(request.headers['x-idempotency-key']);
      const repeated = refundsByKey.get(key);
      if (repeated) return repeated;
      const payment = payments.get(Number(refund[1]));
      if (!payment) return mpError(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found' }]);
      if (payment.status !== 'approved')
        return mpError(400, 'bad_request', 'Invalid payment status', [
          { code: 2063, description: 'The action requested is not valid for the current payment state' },
        ]);
      const remaining = Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100) / 100;
      // Refunds reference, "Create refund" (POST /v1/payments/{id}/refunds): with no `amount` the
      // whole payment is refunded; with one, that part ("Reembolsar monto parcial"). Its documented
      // refusals: 4041 amount-attribute-must-be-numeric, 4040 amount-attribute-must-be-positive,
      // 3024 partial refund unsupported (a boleto here: a ticket is refunded whole or not at all).
      // More than remains is refused too (the part must be "only part of the amount paid").
      const asked = request.body.amount;
      let amount = remaining;
      if (asked !== undefined) {
        if (typeof asked !== 'number' || !Number.isFinite(asked))
          return mpError(400, 'bad_request', 'amount attribute must be numeric', [
            { code: 4041, description: 'amount-attribute-must-be-numeric' },
          ]);
        if (asked <= 0)
          return mpError(400, 'bad_request', 'amount attribute must be positive', [
            { code: 4040, description: 'amount-attribute-must-be-positive' },
          ]);
        if (payment.payment_type_id === 'ticket' && asked < remaining)
          return mpError(400, 'bad_request', 'Not valid action - partial refund unsupported for this transaction', [
            { code: 3024, description: 'Not valid action - partial refund unsupported for this transaction' },
          ]);
        if (asked > remaining)
          return mpError(400, 'bad_request', 'The amount to refund is greater than the amount available', [
            { code: 2063, description: 'The action requested is not valid for the current payment state' },
          ]);
        amount = asked;
      }
      payment.transaction_amount_refunded = Math.round((payment.transaction_amount_refunded + amount) * 100) / 100;
      // A partial refund leaves the payment approved (status_detail partially_refunded) until nothing remains.
      if (payment.transaction_amount_refunded >= payment.transaction_amount) payment.status = 'refunded';
      else payment.status_detail = 'partially_refunded';
      payment.date_last_updated = new Date(Date.parse(payment.date_last_updated) + 1000).toISOString();
      refunds.push({ payment_id: payment.id, amount });
      const answer: FakeAnswer = {
        status: 201,
        body: { id: refunds.length, payment_id: payment.id, amount, status: 'approved', source: { type: 'collector' } },
      };
      refundsByKey.set(key, answer);
      return answer;
    }
    const read = /^\/v1\/payments\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && read) {
      const payment = payments.get(Number(read[1]));
      return payment
        ? { status: 200, body: payment }
        : mpError(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found' }]);
    }
    return mpError(404, 'not_found', 'resource not found');
  }

  /** What Mercado Pago refuses in a preference the adapter builds; null when nothing. */
  function getPreferenceRefusal(body: Record<string, unknown>): string | null {
    const identification = (body.payer as { identification?: { type?: string; number?: string } } | undefined)?.identification;
    if (identification) {
      const length = IDENTIFICATION_LENGTH[identification.type ?? ''];
      if (length === undefined || identification.number?.length !== length) return 'invalid payer.identification';
    }
    // Preference validity: expiration_date_from/to (with expires: true) and date_of_expiration, dates in Mercado Pago's format.
    for (const field of ['expiration_date_from', 'expiration_date_to', 'date_of_expiration'])
      if (body[field] !== undefined && !MP_DATE.test(String(body[field]))) return `invalid ${field}`;
    if (body.expires === true && !(Date.parse(String(body.expiration_date_from)) < Date.parse(String(body.expiration_date_to))))
      return 'expiration_date_to must be after expiration_date_from';
    return null;
  }

  const server = await startJsonServer(handle);
  return {
    url: server.url,
    requests: server.requests,
    preferences,
    refunds,
    failNext: failures.failNext,
    /** The preference a checkout created, found by the link the shopper was sent to. */
    getPreference(link: string): Preference {
      const id = new URL(link).searchParams.get('pref_id') ?? '';
      const preference = preferences.get(id);
      if (!preference) throw new Error(`no preference ${id}`);
      return preference;
    },
    /** The shopper pays (or is declined) on the hosted page: a payment for the preference's external_reference. */
    pay(
      link: string,
      options: {
        status?: FakeMpPayment['status'];
        method?: 'pix' | 'bolbradesco' | 'visa';
        installments?: number;
        amount?: number;
        reference?: string;
      } = {},
    ): FakeMpPayment {
      const preference = this.getPreference(link);
      const total = (preference.body.items as Array<{ quantity: number; unit_price: number }>).reduce(
        (sum, item) => sum + item.quantity * item.unit_price,
        0,
      );
      const method = options.method ?? 'visa';
      const status = options.status ?? 'approved';
      const payment: FakeMpPayment = {
        id: nextPaymentId++,
        status,
        status_detail:
          status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_other_reason' : 'pending_waiting_transfer',
        external_reference:
          options.reference ?? (typeof preference.body.external_reference === 'string' ? preference.body.external_reference : null),
        transaction_amount: options.amount ?? Number(total.toFixed(2)),
        currency_id: 'BRL',
        installments: options.installments ?? 1,
        payment_method_id: method,
        payment_type_id: method === 'pix' ? 'bank_transfer' : method === 'bolbradesco' ? 'ticket' : 'credit_card',
        date_created: new Date().toISOString(),
        date_last_updated: new Date().toISOString(),
        transaction_amount_refunded: 0,
      };
      payments.set(payment.id, payment);
      return payment;
    },
    /** A change on Mercado Pago's side after payment (a dispute opened or decided): a new status and update time. */
    change(payment: FakeMpPayment, status: FakeMpPayment['status']): void {
      payment.status = status;
      payment.date_last_updated = new Date(Date.parse(payment.date_last_updated) + 1000).toISOString();
    },
    /** The webhook Mercado Pago posts for a payment: data.id in the query, x-signature over the documented manifest. */
    notification(
      paymentId: number,
      /** `signed: false`: a delivery without x-signature; `requestId: null`: without x-request-id, left out of the manifest. */
      options: { secret?: string; tsMs?: number; tsSeconds?: number; requestId?: string | null; signed?: boolean } = {},
    ) {
      // Real notifications carry milliseconds; the documentation's example (ts=1704908010) seconds.
      const ts = options.tsSeconds === undefined ? String(options.tsMs ?? Date.now()) : String(options.tsSeconds);
      const requestId = options.requestId === undefined ? randomUUID() : options.requestId;
      // "If any of the values presented in the template is not present in the notification, remove it" (Webhooks, x-signature).
      const manifest = `id:${paymentId};${requestId === null ? '' : `request-id:${requestId};`}ts:${ts};`;
      const v1 = createHmac('sha256', options.secret ?? FAKE_MP_WEBHOOK_SECRET)
        .update(manifest)
        .digest('hex');
      return {
        path: `/ecom/pagamentos/webhook/mercadopago?source_news=webhooks&data.id=${paymentId}&type=payment`,
        headers: {
          'content-type': 'application/json',
          ...(options.signed === false ? {} : { 'x-signature': `ts=${ts},v1=${v1}` }),
          ...(requestId === null ? {} : { 'x-request-id': requestId }),
        },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: String(paymentId) },
          date_created: new Date().toISOString(),
          id: Math.floor(Math.random() * 1e11),
          live_mode: false,
          type: 'payment',
          user_id: '202809963',
        }),
      };
    },
    stop: server.stop,
  };
}
