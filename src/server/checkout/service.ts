import { convertWithUsdRates, formatPrice, isCurrencyId, scaleToMinor, toGatewayCharge } from '#lib/money.ts';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { StartCheckoutInput } from '#lib/contract/checkout.ts';
import { ANY_PAYMENT_METHOD, canPayCash, getPaymentMethods, type PaymentMethod } from '#lib/contract/orders.ts';
import type { Clock } from '../clock.ts';
import type { ChargeItem, CreatedPayment, CreatePaymentInput, PaymentProvider } from '../payments/provider.ts';
import { GatewayError, GatewayRefusedError } from '../payments/errors.ts';
import { checkoutError, type ShortItem } from './errors.ts';
import { getPriceTable, type PriceTable } from '../prices/index.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { getDeliveryDays, verifyDeliveryToken } from '../shipping/index.ts';
import {
  clearCart,
  findPendingOrderOfCart,
  findUnpaidOrderNumber,
  getCheckoutLines,
  getDeliveryNames,
  getOrderChargeLines,
  insertOrder,
  insertPayment,
  lockCart,
  lockPayableOrder,
  setOrderPaymentMethod,
  cancelOpenPayments,
  type CheckoutCartLine,
} from './repository.ts';
import { stockMoves } from '../inventory/index.ts';
import { checkHoardingLimits, getReservationMinutes, type CheckoutLimits } from './limits.ts';

/** What checkout needs of a verified delivery option (signed by src/server/shipping). */
export interface DeliveryQuote {
  cartExternalId: string;
  type: 'delivery' | 'pickup' | 'pickup_point';
  serviceId: number | null;
  pickupPointId: number | null;
  /** The city the option was quoted for (its rate decides the delivery days). */
  cityId: number | null;
  priceMinor: number;
  currencyId: number;
  description: string;
  days: number | null;
}

/** The shipping engineer's token check, read as a quote: null when forged, expired or for another cart. */
export function verifyDelivery(token: string, cartExternalId: string, now: Date): DeliveryQuote | null {
  const result = verifyDeliveryToken(token, cartExternalId, now);
  if (!result.ok) return null;
  const { claims } = result;
  return {
    cartExternalId: claims.cart,
    type: claims.pickupPointId !== null ? 'pickup_point' : claims.serviceId === null ? 'pickup' : 'delivery',
    serviceId: claims.serviceId,
    pickupPointId: claims.pickupPointId,
    cityId: claims.cityId,
    priceMinor: claims.valueMinor,
    currencyId: claims.currencyId,
    description: '',
    days: null,
  };
}

/** The chosen option as the order keeps it: later rate-table changes do not rewrite an order. */
interface DeliverySnapshot {
  description: string;
  serviceNamePt: string | null;
  serviceNameEs: string | null;
  pointName: string | null;
  pointAddress: string | null;
  days: number | null;
}

/**
 * Reads the service (and pickup point) names in both languages and the delivery days as the
 * rate table has them at checkout: a point's own days, a delivery service's rate for the quoted
 * city (the shipping calculator's own lookup, city rate before department rate), store pickup 0.
 */
async function getDeliverySnapshot(db: Queryable, quote: DeliveryQuote, locale: string): Promise<DeliverySnapshot> {
  const none = { serviceNamePt: null, serviceNameEs: null, pointName: null, pointAddress: null };
  if (quote.serviceId === null && quote.pickupPointId === null) return { ...none, description: quote.description, days: quote.days ?? 0 };
  const row = await getDeliveryNames(
    db,
    quote.pickupPointId !== null ? { pickupPointId: quote.pickupPointId } : { serviceId: quote.serviceId, cityId: quote.cityId },
  );
  if (!row) return { ...none, description: quote.description, days: quote.days };
  let days = row.days ?? quote.days;
  if (quote.serviceId !== null && quote.pickupPointId === null && quote.cityId !== null && row.state_id !== null) {
    days = (await getDeliveryDays(db, quote.serviceId, quote.cityId, row.state_id)) ?? days;
  }
  const service = locale.startsWith('es') ? row.name_es : row.name_pt;
  const description =
    quote.description || (row.point_name !== null ? `${service} — ${row.point_name}, ${row.point_address ?? ''}` : service);
  return {
    description,
    serviceNamePt: row.name_pt,
    serviceNameEs: row.name_es,
    pointName: row.point_name,
    pointAddress: row.point_address,
    days,
  };
}

export interface CheckoutDeps {
  connect: () => Promise<pg.PoolClient>;
  clock: Clock;
  /** The gateway of each kind of buyer: Brazilian (estrangeiro 1) and Paraguayan (0), chosen in config. */
  providers: { br: PaymentProvider; py: PaymentProvider };
  verifyDelivery: (token: string, cartExternalId: string, now: Date) => DeliveryQuote | null;
  reservationTtlMinutes: number;
  limits: CheckoutLimits;
}

export interface StartCheckoutRequest {
  customerId: number;
  cartExternalId: string;
  input: StartCheckoutInput;
  shopOrigin: string;
  locale: string;
}

export interface PayAgainRequest {
  customerId: number;
  orderExternalId: string;
  method: PaymentMethod;
  installments: number;
  shopOrigin: string;
  locale: string;
}

export interface StartedCheckout {
  orderExternalId: string;
  orderNumber: number;
  link: string;
  created: boolean;
}

function checkDelivery(
  quote: DeliveryQuote | null,
  cart: { external_id: string; currency_id: number },
  input: StartCheckoutInput,
  decimals: number,
) {
  if (!quote) throw checkoutError('invalid', 'invalidDeliveryToken', { field: 'token_entrega' });
  const priceMinor = scaleToMinor(input.valor_frete, decimals);
  if (
    quote.cartExternalId !== cart.external_id ||
    quote.currencyId !== cart.currency_id ||
    quote.priceMinor !== priceMinor ||
    (quote.serviceId ?? null) !== (input.entrega_servico_id ?? null)
  ) {
    throw checkoutError('invalid', 'deliveryMismatch', { field: 'token_entrega' });
  }
  if (quote.type === 'pickup_point' && !input.id_ponto_entrega)
    throw checkoutError('invalid', 'pickupPointRequired', { field: 'id_ponto_entrega' });
  if (quote.type === 'pickup_point' && quote.pickupPointId !== null && quote.pickupPointId !== input.id_ponto_entrega) {
    throw checkoutError('invalid', 'deliveryMismatch', { field: 'id_ponto_entrega' });
  }
  return quote;
}

/** A charge the gateway documents it refuses: refused here, in the shopper's language, before anything is written or sent. */
function checkChargeAccepted(provider: PaymentProvider, charge: { amountMinor: number; currencyId: number; items: ChargeItem[] }) {
  const refusal = provider.getChargeRefusal?.(charge);
  if (!refusal) return;
  const format = (minor: number) => (isCurrencyId(charge.currencyId) ? formatPrice(minor, charge.currencyId) : String(minor));
  if (refusal.reason === 'lineBelowMinimum') {
    throw checkoutError('invalid', 'gatewayLineBelowMinimum', {
      field: 'itens',
      params: { min: format(refusal.minMinor), name: refusal.title },
    });
  }
  throw checkoutError('invalid', 'gatewayAmountOutOfRange', {
    field: 'itens',
    params: { min: format(refusal.minMinor), max: format(refusal.maxMinor) },
  });
}

/** A gateway that cannot be reached rolls the checkout back with a message, not a server error. */
async function createGatewayPayment(provider: PaymentProvider, input: CreatePaymentInput, tx: pg.PoolClient): Promise<CreatedPayment> {
  try {
    return await provider.createPayment(input, tx);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.warn(`${provider.id}: payment for order ${input.orderNumber} not created: ${error.message}`);
    // A gateway that answered no will answer no again: never "try again" for it.
    if (error instanceof GatewayRefusedError) throw checkoutError('invalid', 'paymentGatewayRefused', { field: 'forma_pagamento' });
    throw checkoutError('unavailable', 'paymentGatewayUnavailable', { field: 'forma_pagamento' });
  }
}

/**
 * What the gateway charges: the order's lines (and delivery) in the gateway's currency. Each
 * unit price is converted once with today's rate, which the payment keeps (charge_rate), so the
 * total is exactly the sum of the lines the gateway's page shows.
 */
function toCharge(
  provider: PaymentProvider,
  orderCurrencyId: number,
  lines: Array<Pick<CheckoutCartLine, 'code' | 'name_pt' | 'name_es' | 'quantity'> & { unit: number }>,
  shippingMinor: number,
  locale: string,
  pricing: PriceTable,
) {
  const currencyId = provider.currencyId ?? orderCurrencyId;
  const charged = [
    ...lines.map((line) => ({
      id: line.code,
      title: locale.startsWith('pt') ? line.name_pt : line.name_es,
      quantity: line.quantity,
      unitMinor: line.unit,
    })),
    ...(shippingMinor > 0 ? [{ id: 'frete', title: 'Frete / Envío', quantity: 1, unitMinor: shippingMinor }] : []),
  ];
  const charge = toGatewayCharge(charged, orderCurrencyId, currencyId, pricing.usdRates);
  if (charge === null) throw checkoutError('invalid', 'productUnavailable', { field: 'itens' });
  const items: ChargeItem[] = charged.map((item, index) => ({ ...item, unitMinor: charge.unitsMinor[index]! }));
  const { amountMinor } = charge;
  const rate = (pricing.usdRates.get(currencyId) ?? 1) / (pricing.usdRates.get(orderCurrencyId) ?? 1);
  return { amountMinor, currencyId, items, converted: currencyId !== orderCurrencyId, rate };
}

/**
 * POST /ecom/venda/carrinho/{external_id}/iniciar-checkout in one transaction: the cart row is
 * locked (a double submit waits, then finds the order the first one made), prices come from
 * the database, stock is taken with conditional updates in product order (no deadlocks, never
 * negative), the order and its payment are created and the cart is emptied.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  async function run(request: StartCheckoutRequest, tx: pg.PoolClient): Promise<StartedCheckout> {
    const now = deps.clock.now();
    const { input } = request;
    const cart = await lockCart(tx, request.cartExternalId, request.customerId, input.cliente_endereco_id ?? null);
    if (!cart || (cart.customer_id !== null && cart.customer_id !== request.customerId)) {
      throw checkoutError('not_found', 'cartNotFound', { field: 'external_id' });
    }
    const lines = await getCheckoutLines(tx, cart.id);
    if (lines.length === 0) {
      const previous = await findPendingOrderOfCart(tx, cart.id, request.customerId);
      if (previous) return { orderExternalId: previous.external_id, orderNumber: previous.number, link: previous.link, created: false };
      throw checkoutError('invalid', 'emptyCart', { field: 'itens' });
    }

    if (cart.foreign_buyer === null) throw checkoutError('not_found', 'cartNotFound', { field: 'external_id' });
    const customer = { foreign_buyer: cart.foreign_buyer, document_type: cart.document_type ?? '', document: cart.document ?? '' };
    const pricing = await getPriceTable(tx);
    const decimals = pricing.currencies.get(cart.currency_id)?.decimals ?? 2;
    const quote = checkDelivery(deps.verifyDelivery(input.token_entrega, cart.external_id, now), cart, input, decimals);
    if (customer.foreign_buyer === 1 && quote.type !== 'pickup')
      throw checkoutError('invalid', 'pickupOnly', { field: 'entrega_servico_id' });
    const method = input.forma_pagamento ?? null;
    if (method !== null && !getPaymentMethods(customer.foreign_buyer).includes(method)) {
      throw checkoutError('invalid', 'paymentMethodUnavailable', { field: 'forma_pagamento' });
    }
    const installments = method === 'card' && customer.foreign_buyer === 1 ? input.parcelas : 1;
    if (installments !== input.parcelas) throw checkoutError('invalid', 'installmentsUnavailable', { field: 'parcelas' });
    if (method === 'cash' && !canPayCash(customer)) {
      throw checkoutError('invalid', 'rucRequired', { field: 'forma_pagamento' });
    }

    // Only a home delivery keeps its address on the order.
    const address = quote.type === 'delivery' ? cart.address : null;
    if (quote.type === 'delivery' && !address) throw checkoutError('invalid', 'addressRequired', { field: 'cliente_endereco_id' });

    const priced = lines.map((line) => {
      if (!line.show_price) throw checkoutError('invalid', 'priceOnRequest', { field: 'itens' });
      const unit = convertWithUsdRates(line.price_minor, line.currency_id, cart.currency_id, pricing.usdRates);
      if (unit === null) throw checkoutError('invalid', 'productUnavailable', { field: 'itens' });
      return { ...line, unit, subtotal: unit * line.quantity };
    });

    const stocked = priced.filter((line) => line.physical_stock);
    checkHoardingLimits(deps.limits, stocked, cart.currency_id, pricing);
    const delivery = await getDeliverySnapshot(tx, quote, request.locale);
    const itemsTotal = priced.reduce((sum, line) => sum + line.subtotal, 0);
    const total = itemsTotal + quote.priceMinor;
    const provider = customer.foreign_buyer === 1 ? deps.providers.br : deps.providers.py;
    const charge = toCharge(provider, cart.currency_id, priced, quote.priceMinor, request.locale, pricing);
    checkChargeAccepted(provider, charge);
    // Starting this order cancels the one still waiting for payment: the shopper confirms that first.
    const unpaidNumber = await findUnpaidOrderNumber(tx, request.customerId);
    if (unpaidNumber !== undefined && !input.cancelar_pedido_pendente) {
      throw checkoutError('conflict', 'unpaidOrderWillBeCancelled', {
        field: 'cancelar_pedido_pendente',
        params: { number: unpaidNumber },
        details: { pedido_pendente: unpaidNumber },
      });
    }
    const reservationExpiresAt = new Date(now.getTime() + getReservationMinutes(method, deps.reservationTtlMinutes) * 60_000);
    const order = await insertOrder(tx, {
      values: [
        request.customerId,
        cart.id,
        cart.currency_id,
        itemsTotal,
        quote.priceMinor,
        total,
        quote.type,
        quote.serviceId,
        input.id_ponto_entrega ?? null,
        delivery.description,
        delivery.days,
        address ? input.cliente_endereco_id : null,
        address ? JSON.stringify(address) : null,
        input.cidade_alternativa ?? null,
        method ?? ANY_PAYMENT_METHOD,
        installments,
        request.locale,
        now,
        delivery.serviceNamePt,
        delivery.serviceNameEs,
        delivery.pointName,
        delivery.pointAddress,
      ],
      items: priced.map((line, position) => ({ ...line, position })),
    });

    const reference = `pay_${randomBytes(18).toString('base64url')}`;
    const created = await createGatewayPayment(
      provider,
      {
        reference,
        orderNumber: order.number,
        amountMinor: charge.amountMinor,
        currencyId: charge.currencyId,
        items: charge.items,
        payer: cart.payer,
        method,
        installments,
        expiresAt: reservationExpiresAt,
        locale: request.locale,
        returnUrl: `${request.shopOrigin}/checkout/payment?pedido=${order.external_id}`,
        shopOrigin: request.shopOrigin,
      },
      tx,
    );
    await insertPayment(tx, {
      orderId: order.id,
      provider: provider.id,
      reference,
      providerPaymentId: created.providerPaymentId,
      gatewayOrderId: created.gatewayOrderId,
      amountMinor: total,
      currencyId: cart.currency_id,
      method: method ?? ANY_PAYMENT_METHOD,
      installments,
      link: created.link,
      now,
      charge: charge.converted ? { amountMinor: charge.amountMinor, currencyId: charge.currencyId, rate: charge.rate } : null,
    });
    // One unpaid order per customer: the ones before this are cancelled, their stock returned.
    const cancelled = await clearCart(tx, cart.id, request.customerId, now, order.id);
    await cancelOpenPayments(tx, cancelled, now);
    // Stock last: the product rows stay locked only from here to COMMIT (shoppers of the same
    // product queue on them), and a shortage rolls back everything written above.
    const reserved = await stockMoves.reserve(tx, {
      orderId: order.id,
      lines: stocked.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
      expiresAt: reservationExpiresAt,
      releasing: cancelled,
      now,
    });
    const short: ShortItem[] = reserved.map((missing) => {
      const line = stocked.find((candidate) => candidate.product_id === missing.productId)!;
      return {
        produto_id: line.product_id,
        codigo: line.code,
        nome_pt: line.name_pt,
        nome_es: line.name_es,
        solicitado: line.quantity,
        disponivel: missing.available,
      };
    });
    if (short.length > 0) throw checkoutError('conflict', 'outOfStock', { field: 'itens', details: { itens_indisponiveis: short } });

    return { orderExternalId: order.external_id, orderNumber: order.number, link: created.link, created: true };
  }

  /**
   * Another method (issue 35) for the buyer's unpaid order while its stock is still reserved: a
   * new gateway payment for the order's total as it stands, due when the reservation ends. An
   * earlier payment the gateway approves after all is settled by the payment state machine
   * (the order is paid once; a second approval is refunded).
   */
  async function payAgain(request: PayAgainRequest, tx: pg.PoolClient): Promise<StartedCheckout> {
    const now = deps.clock.now();
    const order = await lockPayableOrder(tx, request.orderExternalId, request.customerId);
    if (!order) throw checkoutError('not_found', 'paymentNotFound');
    if (order.status !== 'PAGAMENTO' && order.status !== 'CANCELADO') throw checkoutError('conflict', 'orderNotPayable');
    if (order.payment_status === 'PAGO') throw checkoutError('conflict', 'orderNotPayable');
    const reservation = await stockMoves.getReservation(tx, order.id, now);
    if (order.status === 'CANCELADO' || !reservation.held || !reservation.until) {
      throw checkoutError('gone', 'reservationExpired', { details: { pedido: order.number } });
    }
    const { method, installments } = request;
    const buyer = { foreign_buyer: order.foreign_buyer, document_type: order.document_type ?? '', document: order.document ?? '' };
    if (!getPaymentMethods(buyer.foreign_buyer).includes(method)) {
      throw checkoutError('invalid', 'paymentMethodUnavailable', { field: 'forma_pagamento' });
    }
    if (installments !== 1 && !(method === 'card' && buyer.foreign_buyer === 1)) {
      throw checkoutError('invalid', 'installmentsUnavailable', { field: 'parcelas' });
    }
    if (method === 'cash' && !canPayCash(buyer)) throw checkoutError('invalid', 'rucRequired', { field: 'forma_pagamento' });
    const provider = buyer.foreign_buyer === 1 ? deps.providers.br : deps.providers.py;
    const pricing = await getPriceTable(tx);
    const lines = await getOrderChargeLines(tx, order.id);
    const charge = toCharge(provider, order.currency_id, lines, order.shipping_minor, request.locale, pricing);
    checkChargeAccepted(provider, charge);
    const reference = `pay_${randomBytes(18).toString('base64url')}`;
    const created = await createGatewayPayment(
      provider,
      {
        reference,
        orderNumber: order.number,
        amountMinor: charge.amountMinor,
        currencyId: charge.currencyId,
        items: charge.items,
        payer: order.payer,
        method,
        installments,
        expiresAt: reservation.until,
        locale: request.locale,
        returnUrl: `${request.shopOrigin}/checkout/payment?pedido=${order.external_id}`,
        shopOrigin: request.shopOrigin,
      },
      tx,
    );
    await insertPayment(tx, {
      orderId: order.id,
      provider: provider.id,
      reference,
      providerPaymentId: created.providerPaymentId,
      gatewayOrderId: created.gatewayOrderId,
      amountMinor: order.total_minor,
      currencyId: order.currency_id,
      method,
      installments,
      link: created.link,
      now,
      charge: charge.converted ? { amountMinor: charge.amountMinor, currencyId: charge.currencyId, rate: charge.rate } : null,
    });
    await setOrderPaymentMethod(tx, order.id, method, installments, now);
    return { orderExternalId: order.external_id, orderNumber: order.number, link: created.link, created: true };
  }

  return {
    async startCheckout(request: StartCheckoutRequest): Promise<StartedCheckout> {
      return runInTransaction(deps, (client) => run(request, client));
    },
    async payAgain(request: PayAgainRequest): Promise<StartedCheckout> {
      return runInTransaction(deps, (client) => payAgain(request, client));
    },
  };
}
