import { canPayCash } from '#lib/contract/orders.ts';
import { getConfig } from '../config.ts';
import { systemClock, type Clock } from '../clock.ts';
import { getPool, type Queryable } from '../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, getWebhookSecret } from './sandbox.ts';
import { cancelUnpaidOrder, createPaymentJobsRunner, createPaymentService } from './service.ts';
import { stockMoves } from '../inventory/index.ts';
import { createMercadoPagoProvider } from './mercadopago.ts';
import { createPagoparProvider } from './pagopar.ts';
import {
  createPaymentLookup,
  getConvertedCharge,
  getCustomerDocument,
  getOrderIdByGatewayId,
  getRefundableOrder,
  insertPartialRefund,
  recordManualPartialRefund,
  type OrderCharge,
  recordManualRefund,
} from './repository.ts';

export { PAYMENT_JOBS_TASK, schedulePaymentJobs } from './service.ts';

/** Unpaid reservations are released after this many minutes (DECISIONS.md: default 30). */
export function getReservationTtlMinutes(): number {
  return getConfig().RESERVATION_TTL_MINUTES;
}

/**
 * Registered gateways: the sandbox always (its pending payments still settle after a switch),
 * each real one when its credentials are configured (config.ts requires them for the gateway
 * a storefront uses). Adding a gateway = one adapter file and one line here (decision 0410).
 */
export function getPaymentProviders(clock: Clock = systemClock): Record<string, PaymentProvider> {
  const config = getConfig();
  const timeoutMs = config.PAYMENT_GATEWAY_TIMEOUT_MS;
  const providers: PaymentProvider[] = [createSandboxProvider({ db: getPool(), clock, secret: getWebhookSecret })];
  if (config.MERCADOPAGO_ACCESS_TOKEN && config.MERCADOPAGO_WEBHOOK_SECRET) {
    providers.push(
      createMercadoPagoProvider({
        apiUrl: config.MERCADOPAGO_API_URL,
        accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
        webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET,
        timeoutMs,
      }),
    );
  }
  if (config.PAGOPAR_PUBLIC_KEY && config.PAGOPAR_PRIVATE_KEY) {
    providers.push(
      createPagoparProvider({
        apiUrl: config.PAGOPAR_API_URL,
        checkoutUrl: config.PAGOPAR_CHECKOUT_URL,
        publicKey: config.PAGOPAR_PUBLIC_KEY,
        privateKey: config.PAGOPAR_PRIVATE_KEY,
        timeoutMs,
        lookup: createPaymentLookup(getPool()),
      }),
    );
  }
  return Object.fromEntries(providers.map((provider) => [provider.id, provider]));
}

/**
 * What the order desk changes of an order's stock and payments, inside its own transaction on the
 * order it has locked: an unpaid order cancelled (stock back, open payments cancelled, as
 * reservation expiry does), or a refunded order's stock given back. The desk reaches them here,
 * never through this domain's repository.
 */
export const orderStockChanges = {
  cancelUnpaidOrder,
  returnOrderStock: (tx: Queryable, orderId: number, now: Date) => stockMoves.returnOrder(tx, orderId, now),
};

/** A refund the gateway could not make, given back by an admin by other means (the order desk records it in its transaction). */
export const recordManualOrderRefund = recordManualRefund;

/**
 * A partial refund as the order desk records it in its transaction on the locked order (decision
 * 1140): the lines and what was refunded of each, the refund and its lines, the stock of exactly
 * those quantities back, and an admin's record of one the gateway could not make. The money goes
 * back after COMMIT through the payment service's `refundPart`.
 */
export const partialRefunds = {
  getRefundableOrder,
  insertPartialRefund,
  returnLineStock: (tx: Queryable, orderId: number, lines: Array<{ position: number; quantity: number }>, now: Date) =>
    stockMoves.returnLines(tx, orderId, lines, now),
  recordManual: recordManualPartialRefund,
};

/** Whether that gateway gives part of a payment back (decision 1140); a partial refund on one that cannot is returned by hand. */
export function canRefundPart(providerId: string): boolean {
  const provider = getPaymentProviders()[providerId];
  return provider?.refundPart !== undefined;
}

export function getSandboxDeps() {
  return { db: getPool(), clock: systemClock, secret: getWebhookSecret };
}

export function getPaymentService() {
  const pool = getPool();
  return createPaymentService({ db: pool, connect: () => pool.connect(), clock: systemClock, providers: getPaymentProviders() });
}

/** PAYMENT_JOBS_INTERVAL_S: seconds between runs (default 30); 0 turns the jobs off. */
export function getPaymentJobsInterval(): number {
  return getConfig().PAYMENT_JOBS_INTERVAL_S;
}

/** The payment_jobs job's handler (jobs/index.ts): one run on the shop's service, the next scheduled (service.ts). */
export const runPaymentJobs = createPaymentJobsRunner({ getIntervalS: getPaymentJobsInterval, getService: getPaymentService });

/** Whether the buyer may pay cash: the RUC rule of lib/contract/orders.ts on their record. */
export async function hasRucDocument(customerId: number): Promise<boolean> {
  const buyer = await getCustomerDocument(getPool(), customerId);
  return buyer !== null && canPayCash(buyer);
}

/** /checkout/payment?hash=… (Pagopar's return): the buyer's order for that gateway id, or null. */
export function findOrderIdByGatewayId(customerId: number, providerPaymentId: string): Promise<string | null> {
  return getOrderIdByGatewayId(getPool(), customerId, providerPaymentId);
}

/** What the gateway of a customer's order charges in its own currency (the payment page shows it; decision 1220). */
export function findConvertedCharge(customerId: number, orderExternalId: string): Promise<OrderCharge | null> {
  return getConvertedCharge(getPool(), customerId, orderExternalId);
}
