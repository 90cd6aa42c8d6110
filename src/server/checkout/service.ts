import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { StartCheckoutInput } from '../../lib/contract/orders.ts';
import { getPaymentMethods } from '../../lib/contract/orders.ts';
import type { Clock } from '../clock.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { getDeliverySnapshot, type DeliveryQuote } from './delivery.ts';
import { CheckoutError, type ShortItem } from './errors.ts';
import { convertMinor, getPriceTable } from '../cart/pricing.ts';
import { runInTransaction } from '../db/client.ts';

export interface CheckoutDeps {
  connect: () => Promise<pg.PoolClient>;
  clock: Clock;
  provider: PaymentProvider;
  verifyDelivery: (token: string, cartExternalId: string, now: Date) => DeliveryQuote | null;
  reservationTtlMinutes: number;
}

export interface StartCheckoutRequest {
  customerId: number;
  cartExternalId: string;
  input: StartCheckoutInput;
  shopOrigin: string;
  locale: string;
}

export interface StartedCheckout {
  orderExternalId: string;
  orderNumber: number;
  link: string;
  created: boolean;
}

interface CartLine {
  product_id: number;
  quantity: number;
  code: string;
  slug: string;
  name_pt: string;
  name_es: string;
  image_url: string | null;
  price_minor: number;
  currency_id: number;
  show_price: boolean;
  physical_stock: boolean;
}

function checkDelivery(quote: DeliveryQuote | null, cart: { external_id: string; currency_id: number }, input: StartCheckoutInput, decimals: number) {
  if (!quote) throw new CheckoutError(422, 'invalidDeliveryToken', 'token_entrega');
  const priceMinor = Math.round(input.valor_frete * 10 ** decimals);
  if (
    quote.cartExternalId !== cart.external_id ||
    quote.currencyId !== cart.currency_id ||
    quote.priceMinor !== priceMinor ||
    (quote.serviceId ?? null) !== (input.entrega_servico_id ?? null)
  ) {
    throw new CheckoutError(422, 'deliveryMismatch', 'token_entrega');
  }
  if (quote.type === 'pickup_point' && !input.id_ponto_entrega) throw new CheckoutError(422, 'pickupPointRequired', 'id_ponto_entrega');
  if (quote.type === 'pickup_point' && quote.pickupPointId !== null && quote.pickupPointId !== input.id_ponto_entrega) {
    throw new CheckoutError(422, 'deliveryMismatch', 'id_ponto_entrega');
  }
  return quote;
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
    const cart = (await tx.query<{ id: number; external_id: string; customer_id: number | null; currency_id: number }>(
      'SELECT id, external_id, customer_id, currency_id FROM carts WHERE external_id = $1 FOR UPDATE',
      [request.cartExternalId],
    )).rows[0];
    if (!cart || (cart.customer_id !== null && cart.customer_id !== request.customerId)) {
      throw new CheckoutError(404, 'cartNotFound', 'external_id');
    }
    const lines = (await tx.query<CartLine>(
      `SELECT p.id AS product_id, SUM(ci.quantity)::int AS quantity, p.code, p.slug, p.name_pt, p.name_es,
              p.images->0->>'url' AS image_url, p.price_minor, p.currency_id, p.show_price, p.physical_stock
         FROM cart_items ci JOIN products p ON p.id = ci.product_id
        WHERE ci.cart_id = $1 AND ci.active
        GROUP BY p.id ORDER BY p.id`,
      [cart.id],
    )).rows;
    if (lines.length === 0) {
      const previous = (await tx.query<{ external_id: string; number: number; link: string }>(
        `SELECT o.external_id, o.number, p.link FROM orders o JOIN payments p ON p.order_id = o.id
          WHERE o.cart_id = $1 AND o.customer_id = $2 AND o.status = 'PAGAMENTO'
          ORDER BY o.created_at DESC, p.id LIMIT 1`,
        [cart.id, request.customerId],
      )).rows[0];
      if (previous) return { orderExternalId: previous.external_id, orderNumber: previous.number, link: previous.link, created: false };
      throw new CheckoutError(422, 'emptyCart', 'itens');
    }

    const customer = (await tx.query<{ foreign_buyer: 0 | 1; document_type: string; document: string }>(
      'SELECT foreign_buyer, document_type, document FROM customers WHERE id = $1',
      [request.customerId],
    )).rows[0];
    if (!customer) throw new CheckoutError(404, 'cartNotFound', 'external_id');
    const pricing = await getPriceTable(tx);
    const decimals = pricing.currencies.get(cart.currency_id)?.decimals ?? 2;
    const quote = checkDelivery(deps.verifyDelivery(input.token_entrega, cart.external_id, now), cart, input, decimals);
    if (customer.foreign_buyer === 1 && quote.type !== 'pickup') throw new CheckoutError(422, 'pickupOnly', 'entrega_servico_id');
    if (!getPaymentMethods(customer.foreign_buyer).includes(input.forma_pagamento)) {
      throw new CheckoutError(422, 'paymentMethodUnavailable', 'forma_pagamento');
    }
    const installments = input.forma_pagamento === 'card' && customer.foreign_buyer === 1 ? input.parcelas : 1;
    if (installments !== input.parcelas) throw new CheckoutError(422, 'installmentsUnavailable', 'parcelas');
    if (input.forma_pagamento === 'cash' && !(customer.document_type.toUpperCase() === 'RUC' && customer.document.trim() !== '')) {
      throw new CheckoutError(422, 'rucRequired', 'forma_pagamento');
    }

    let address: Record<string, unknown> | null = null;
    if (quote.type === 'delivery') {
      if (!input.cliente_endereco_id) throw new CheckoutError(422, 'addressRequired', 'cliente_endereco_id');
      address = (await tx.query<Record<string, unknown>>(
        `SELECT id, name AS nome, postal_code AS cep, street AS logradouro, number AS numero, district AS bairro,
                city_name AS cidade, state_name AS estado, country_name AS pais, complement AS complemento,
                directions AS como_chegar, city_id AS cidade_id, state_id AS estado_id, country_id AS pais_id
           FROM customer_addresses WHERE id = $1 AND customer_id = $2 AND active`,
        [input.cliente_endereco_id, request.customerId],
      )).rows[0] ?? null;
      if (!address) throw new CheckoutError(422, 'addressRequired', 'cliente_endereco_id');
    }

    const priced = lines.map((line) => {
      if (!line.show_price) throw new CheckoutError(422, 'productUnavailable', 'itens');
      const unit = convertMinor(line.price_minor, line.currency_id, cart.currency_id, pricing);
      if (unit === null) throw new CheckoutError(422, 'productUnavailable', 'itens');
      return { ...line, unit, subtotal: unit * line.quantity };
    });

    const delivery = await getDeliverySnapshot(tx, quote, request.locale);
    const itemsTotal = priced.reduce((sum, line) => sum + line.subtotal, 0);
    const total = itemsTotal + quote.priceMinor;
    const order = (await tx.query<{ id: number; external_id: string; number: number }>(
      `INSERT INTO orders (customer_id, cart_id, currency_id, items_total_minor, shipping_minor, total_minor, delivery_type,
                           delivery_service_id, pickup_point_id, delivery_description, delivery_days, customer_address_id,
                           delivery_address, alternative_city, payment_method, installments, locale, created_at, updated_at,
                           delivery_service_name_pt, delivery_service_name_es, pickup_point_name, pickup_point_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, $19, $20, $21, $22)
       RETURNING id, external_id, number`,
      [request.customerId, cart.id, cart.currency_id, itemsTotal, quote.priceMinor, total, quote.type, quote.serviceId,
        input.id_ponto_entrega ?? null, delivery.description, delivery.days, address ? input.cliente_endereco_id : null,
        address ? JSON.stringify(address) : null, input.cidade_alternativa ?? null, input.forma_pagamento, installments, request.locale, now,
        delivery.serviceNamePt, delivery.serviceNameEs, delivery.pointName, delivery.pointAddress],
    )).rows[0]!;
    await tx.query(
      `INSERT INTO order_items (order_id, position, product_id, product_code, product_slug, name_pt, name_es, image_url,
                                quantity, unit_price_minor, subtotal_minor)
       SELECT $1, i.position, i.product_id, i.code, i.slug, i.name_pt, i.name_es, i.image_url, i.quantity, i.unit, i.subtotal
         FROM jsonb_to_recordset($2::jsonb) AS i(position int, product_id int, code text, slug text, name_pt text, name_es text,
                                                   image_url text, quantity int, unit bigint, subtotal bigint)`,
      [order.id, JSON.stringify(priced.map((line, position) => ({ ...line, position })))],
    );
    const reserved = priced.filter((line) => line.physical_stock);
    if (reserved.length > 0) {
      await tx.query(
        `INSERT INTO stock_reservations (order_id, product_id, quantity, expires_at)
         SELECT $1, r.product_id, r.quantity, $3 FROM jsonb_to_recordset($2::jsonb) AS r(product_id int, quantity int)`,
        [order.id, JSON.stringify(reserved.map(({ product_id, quantity }) => ({ product_id, quantity }))),
          new Date(now.getTime() + deps.reservationTtlMinutes * 60_000)],
      );
    }

    const reference = `pay_${randomBytes(18).toString('base64url')}`;
    const created = await deps.provider.createPayment({
      reference,
      orderNumber: order.number,
      amountMinor: total,
      currencyId: cart.currency_id,
      method: input.forma_pagamento,
      installments,
      locale: request.locale,
      returnUrl: `${request.shopOrigin}/checkout/payment?pedido=${order.external_id}`,
      shopOrigin: request.shopOrigin,
    }, tx);
    await tx.query(
      `INSERT INTO payments (order_id, provider, reference, provider_payment_id, amount_minor, currency_id, method, installments, link, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [order.id, deps.provider.id, reference, created.providerPaymentId, total, cart.currency_id, input.forma_pagamento, installments, created.link, now],
    );
    await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [cart.id]);
    await tx.query('UPDATE carts SET customer_id = $2, updated_at = $3 WHERE id = $1', [cart.id, request.customerId, now]);
    // Stock last: the product rows stay locked only from here to COMMIT (shoppers of the same
    // product queue on them), and a shortage rolls back everything written above.
    const short: ShortItem[] = [];
    for (const line of priced) {
      if (!line.physical_stock) continue;
      const taken = await tx.query<{ stock: number }>(
        'UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING stock',
        [line.product_id, line.quantity],
      );
      if (taken.rowCount === 1) continue;
      const available = (await tx.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [line.product_id])).rows[0]?.stock ?? 0;
      short.push({ produto_id: line.product_id, codigo: line.code, nome_pt: line.name_pt, nome_es: line.name_es, solicitado: line.quantity, disponivel: available });
    }
    if (short.length > 0) throw new CheckoutError(409, 'outOfStock', 'itens', short);

    return { orderExternalId: order.external_id, orderNumber: order.number, link: created.link, created: true };
  }

  return {
    async startCheckout(request: StartCheckoutRequest): Promise<StartedCheckout> {
      return runInTransaction(deps, (client) => run(request, client));
    },
  };
}
