// Issue 35 point 3: after a decline the buyer pays the same order with another method while its
// stock is reserved; after the reservation ended the answer says so. Against the local fakes of
// Mercado Pago and Pagopar (tests/support/fake-mercadopago.ts, fake-pagopar.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartCheckoutAnswerSchema } from '#lib/contract/checkout.ts';
import { CartViewSchema } from '#lib/contract/cart-schema.ts';
import type { OrderPaymentsView } from '#lib/contract/orders.ts';
import { apiAnswer, apiJson, getTestDb, type ErrorAnswer } from '../support/api.ts';
import type { TestStack } from '../support/test-stack.ts';
import { getState, postMercadoPago, startBrazilianOrder, startGatewayStack, startParaguayanOrder } from './gateway-fixtures.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startGatewayStack();
}, 120_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

function payAgain(order: { externalId: string; customer: { token: string } }, host: 'br' | 'es', json: unknown) {
  return apiJson<ErrorAnswer>(`/ecom/venda/pedidos/${order.externalId}/pagar-novamente`, {
    method: 'POST',
    host,
    token: order.customer.token,
    json,
  });
}

async function getPayments(order: { externalId: string; customer: { token: string } }, host: 'br' | 'es') {
  return (
    await apiJson<OrderPaymentsView>(`/ecom/venda/pedidos/${order.externalId}/buscar-pagamentos`, { host, token: order.customer.token })
  ).body;
}

describe('paying an order again with another method', () => {
  it('Mercado Pago: a declined card, then PIX for the same order; paid once, and no third payment', async () => {
    const mercadopago = stack.gateways.mercadopago;
    const order = await startBrazilianOrder({ method: 'card', installments: 3 });
    const declined = mercadopago.pay(order.link, { status: 'rejected' });
    expect((await postMercadoPago(mercadopago.notification(declined.id))).status).toBe(200);

    const again = apiAnswer(StartCheckoutAnswerSchema, await payAgain(order, 'br', { forma_pagamento: 'pix' }));
    expect(again.status).toBe(201);
    const link = again.body.link_pagamento[0]!;
    expect(link).not.toBe(order.link);
    const excluded = mercadopago.getPreference(link).body.payment_methods?.excluded_payment_types.map((type) => type.id);
    expect(excluded).not.toContain('bank_transfer'); // PIX offered
    expect(excluded).toContain('credit_card');
    const waiting = await getPayments(order, 'br');
    expect(waiting).toMatchObject({ status: 'PAGAMENTO', link_pagamento: link });
    expect(waiting.pagamentos.map((payment) => [payment.status, payment.forma_pagamento])).toEqual([
      ['RECUSADO', 'card'],
      ['AGUARDANDO', 'pix'],
    ]);

    const paid = mercadopago.pay(link, { method: 'pix' });
    expect((await postMercadoPago(mercadopago.notification(paid.id))).status).toBe(200);
    expect((await getPayments(order, 'br')).status).toBe('PAGO');
    const refused = await payAgain(order, 'br', { forma_pagamento: 'boleto' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Este pedido não está aguardando pagamento.');
  });

  it('Pagopar: another method gets its own transaction; a method of the other country is refused; an ended reservation is 410', async () => {
    const pagopar = stack.gateways.pagopar;
    const order = await startParaguayanOrder({ method: 'card' });
    const first = pagopar.getOrder(order.link);

    const wrong = await payAgain(order, 'es', { forma_pagamento: 'pix' });
    expect(wrong.status).toBe(422);
    const again = apiAnswer(StartCheckoutAnswerSchema, await payAgain(order, 'es', { forma_pagamento: 'qr' }));
    const second = pagopar.getOrder(again.body.link_pagamento[0]!);
    expect(second.hash_pedido).not.toBe(first.hash_pedido);
    expect(second.request.monto_total).toBe(first.request.monto_total);
    expect((await getState(order.externalId)).status).toBe('PAGAMENTO');

    await getTestDb().query(
      `UPDATE stock_reservations SET expires_at = now() - interval '1 second'
        WHERE order_id = (SELECT id FROM orders WHERE external_id = $1)`,
      [order.externalId],
    );
    const ended = await payAgain(order, 'es', { forma_pagamento: 'card' });
    expect(ended.status).toBe(410);
    // The page offers the items back in the cart: the account's cart gets them within stock (the
    // expiry job has not run, so the reservation still holds 3 of the 5: capped at the 2 left).
    const back = await apiJson<{ external_id: string }>(`/ecom/venda/pedidos/${order.externalId}/devolver-ao-carrinho`, {
      method: 'POST',
      host: 'es',
      token: order.customer.token,
    });
    expect(back.status).toBe(200);
    const cart = apiAnswer(
      CartViewSchema,
      await apiJson(`/ecom/venda/carrinho/${back.body.external_id}`, { host: 'es', token: order.customer.token }),
    );
    expect(cart.body.itens.filter((line) => line.ativo).map((line) => [line.produto_id, line.qtde])).toEqual([[order.product.id, 2]]);
    expect(ended.body.message).toBe(
      'La reserva de los productos de este pedido terminó: ya no se puede pagar. Puedes volver a poner los productos en el carrito.',
    );
  });

  it('another buyer cannot pay the order; without a session the answer is 401', async () => {
    const order = await startParaguayanOrder({ method: 'card' });
    const stranger = await startParaguayanOrder({ method: 'card' });
    const other = await payAgain({ externalId: order.externalId, customer: stranger.customer }, 'es', { forma_pagamento: 'qr' });
    expect(other.status).toBe(404);
    const anonymous = await apiJson(`/ecom/venda/pedidos/${order.externalId}/pagar-novamente`, {
      method: 'POST',
      host: 'es',
      json: { forma_pagamento: 'qr' },
    });
    expect(anonymous.status).toBe(401);
  });
});
