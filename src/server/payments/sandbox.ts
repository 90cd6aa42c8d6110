import { getConfig } from '../config.ts';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { getServerSecret } from '../secrets/index.ts';
import type { Queryable } from '../db/client.ts';
import { ANY_PAYMENT_METHOD } from '#lib/contract/orders.ts';
import type { PaymentEvent, PaymentProvider, ProviderPaymentStatus, WebhookVerification } from './provider.ts';
import {
  findSandboxPayment,
  insertSandboxPayment,
  markSandboxPartRefunded,
  markSandboxRefunded,
  recordSandboxDecision,
  type SandboxDecision,
  type SandboxRow,
} from './repository.ts';

export const SANDBOX_PROVIDER_ID = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Notifications older (or newer) than this are refused as replays. */
const SIGNATURE_TOLERANCE_S = 300;

const STATUS_BY_DECISION: Record<string, ProviderPaymentStatus> = {
  pending: 'pending',
  approved: 'approved',
  declined: 'declined',
};

export function signSandboxBody(rawBody: string, timestampS: number, secret: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampS}.${rawBody}`).digest('hex');
  return `t=${timestampS},v1=${mac}`;
}

/**
 * The built-in gateway: a hosted page inside the shop (/sandbox/pagamento/{reference}) where
 * the shopper approves or declines a TEST payment; it then notifies the shop through a signed
 * webhook over HTTP, as a real gateway would.
 */
export function createSandboxProvider({ db, clock, secret }: { db: Queryable; clock: Clock; secret: () => string }) {
  const provider: PaymentProvider = {
    id: SANDBOX_PROVIDER_ID,

    async createPayment(input, tx) {
      await insertSandboxPayment(tx, {
        reference: input.reference,
        amountMinor: input.amountMinor,
        currencyId: input.currencyId,
        method: input.method ?? ANY_PAYMENT_METHOD,
        installments: input.installments,
        orderNumber: input.orderNumber,
        returnUrl: input.returnUrl,
        now: clock.now(),
      });
      return { link: `${input.shopOrigin}/sandbox/pagamento/${input.reference}`, providerPaymentId: input.reference };
    },

    async verifyWebhook({ rawBody, headers }, now): Promise<WebhookVerification> {
      const header = headers.get(SANDBOX_SIGNATURE_HEADER) ?? '';
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
      if (!match) return { ok: false, reason: 'bad_signature' };
      const timestampS = Number(match[1]);
      const expected = Buffer.from(signSandboxBody(rawBody, timestampS, secret()));
      const given = Buffer.from(header);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad_signature' };
      if (Math.abs(now.getTime() / 1000 - timestampS) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: 'stale' };
      try {
        const body = JSON.parse(rawBody) as { id?: unknown; data?: Record<string, unknown> };
        const data = body.data ?? {};
        const status = STATUS_BY_DECISION[String(data.status)];
        if (typeof body.id !== 'string' || typeof data.reference !== 'string' || !status) return { ok: false, reason: 'malformed' };
        const event: PaymentEvent = {
          eventId: body.id,
          reference: data.reference,
          status,
          amountMinor: Number(data.amount_minor),
          currencyId: Number(data.currency_id),
        };
        return { ok: true, event };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },

    async fetchPaymentStatus(reference) {
      const row = await getSandboxPayment(db, reference);
      if (!row) return null;
      return { status: STATUS_BY_DECISION[row.status] ?? 'pending', amountMinor: row.amount_minor, currencyId: row.currency_id };
    },

    async refundPayment({ reference, amountMinor, currencyId }) {
      const row = await getSandboxPayment(db, reference);
      if (!row) return { ok: false, reason: 'unknown_payment' };
      if (Number(row.amount_minor) !== amountMinor || row.currency_id !== currencyId) return { ok: false, reason: 'amount_mismatch' };
      return (await markSandboxRefunded(db, reference, clock.now())) ? { ok: true } : { ok: false, reason: 'not_captured' };
    },

    /** Part of the payment back, as Mercado Pago does (decision 1140); the test gateway needs no key: each part is asked once. */
    async refundPart({ reference, amountMinor, currencyId }) {
      const row = await getSandboxPayment(db, reference);
      if (!row) return { ok: false, reason: 'unknown_payment' };
      if (row.currency_id !== currencyId) return { ok: false, reason: 'amount_mismatch' };
      return (await markSandboxPartRefunded(db, reference, amountMinor)) ? { ok: true } : { ok: false, reason: 'amount_mismatch' };
    },
  };
  return provider;
}

/** Our payment references (`pay_` + base64url, checkout service): anything else names no payment. */
const PAYMENT_REFERENCE_PATTERN = /^pay_[A-Za-z0-9_-]{1,64}$/;

export async function getSandboxPayment(db: Queryable, reference: string): Promise<SandboxRow | null> {
  if (!PAYMENT_REFERENCE_PATTERN.test(reference)) return null;
  return findSandboxPayment(db, reference);
}

/** The URL the sandbox posts its notifications to: the shop itself unless configured. */
function getWebhookUrl(): string {
  const base = getConfig().SANDBOX_WEBHOOK_BASE_URL ?? `http://127.0.0.1:${getConfig().PORT}`;
  return `${base}/ecom/pagamentos/webhook/${SANDBOX_PROVIDER_ID}`;
}

/**
 * Records the shopper's decision on the hosted page and notifies the shop. A failed
 * notification is left to the reconciliation job, as with a real gateway.
 */
export async function decideSandboxPayment(
  { db, clock, secret }: { db: Queryable; clock: Clock; secret: () => string },
  reference: string,
  decision: SandboxDecision,
): Promise<SandboxRow | null> {
  if (!PAYMENT_REFERENCE_PATTERN.test(reference)) return null;
  const row = await recordSandboxDecision(db, reference, decision, clock.now());
  if (!row) return getSandboxPayment(db, reference);
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: 'payment.updated',
    data: { reference, status: decision, amount_minor: row.amount_minor, currency_id: row.currency_id, method: row.method },
  });
  const signature = signSandboxBody(body, Math.floor(clock.now().getTime() / 1000), secret());
  try {
    const response = await fetch(getWebhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) console.warn(`sandbox webhook for ${reference} answered ${response.status}`);
  } catch (error) {
    console.warn(`sandbox webhook for ${reference} failed; reconciliation will settle it`, error);
  }
  return row;
}

/** Signs the sandbox's notifications. Env: PAYMENT_WEBHOOK_SECRET, else generated into DATA_DIR. */
export function getWebhookSecret(): string {
  return getServerSecret('PAYMENT_WEBHOOK_SECRET', 'payment-webhook-secret');
}

/** A boleto-looking digitable line for the sandbox page (47 digits, grouped as banks print it). */
export function toBoletoLine(reference: string, amountMinor: number): string {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 24)}`)
    .toString()
    .padEnd(29, '0')
    .slice(0, 29);
  const amount = String(amountMinor).padStart(10, '0').slice(-10);
  const all = `${digits}0000${amount}`.padEnd(47, '0').slice(0, 47);
  return `${all.slice(0, 5)}.${all.slice(5, 10)} ${all.slice(10, 15)}.${all.slice(15, 21)} ${all.slice(21, 26)}.${all.slice(26, 32)} ${all.slice(32, 33)} ${all.slice(33)}`;
}
