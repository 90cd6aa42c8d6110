import { describe, expect, it } from 'vitest';
import type { OrderList } from '#lib/contract/orders.ts';
import { api, apiJson } from '../support/api.ts';
import { extractPdfText } from '../support/pdf-text.ts';
import { createCustomer, createPendingOrder, signedWebhook } from './checkout-fixtures.ts';

describe('orders', () => {
  it('lists and shows an order only to its owner', async () => {
    const order = await createPendingOrder();
    const intruder = await createCustomer();
    const mine = await apiJson<OrderList>('/ecom/venda/pedidos', { host: 'es', token: order.customer.token });
    expect(mine.body.data.map((row: { external_id: string }) => row.external_id)).toEqual([order.externalId]);
    expect(mine.body.data[0]).toMatchObject({ pedido: order.number, status: 'PAGAMENTO', link_pagamento: order.link });
    const theirs = await apiJson<OrderList>('/ecom/venda/pedidos', { host: 'es', token: intruder.token });
    expect(theirs.body.data).toEqual([]);
    expect((await api(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es', token: intruder.token })).status).toBe(404);
    expect((await api(`/ecom/venda/pedidos/${order.externalId}/buscar-pagamentos`, { host: 'es', token: intruder.token })).status).toBe(
      404,
    );
    expect((await api(`/ecom/venda/pedidos/${order.number}/buscar-pagamentos`, { host: 'es', token: intruder.token })).status).toBe(404);
    expect((await api(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es' })).status).toBe(401);
    expect((await api(`/pedido/${order.externalId}/comprovante.pdf`, { host: 'es', token: intruder.token })).status).toBe(404);
  });

  it('serves a receipt PDF and, once paid, a pickup ticket PDF with the order number', async () => {
    const order = await createPendingOrder();
    expect((await api(`/pedido/${order.externalId}/ticket.pdf`, { host: 'es', token: order.customer.token })).status).toBe(404);
    await api('/ecom/pagamentos/webhook/sandbox', {
      method: 'POST',
      host: 'local',
      ...signedWebhook({
        reference: order.payment.reference,
        status: 'approved',
        amount_minor: order.payment.amount_minor,
        currency_id: 3,
      }),
    });
    for (const file of ['comprovante.pdf', 'ticket.pdf']) {
      const response = await api(`/pedido/${order.externalId}/${file}`, { host: 'es', token: order.customer.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(extractPdfText(pdf)).toContain(String(order.number));
    }
  });

  it('lists orders with their status in the shopper language and G$ totals labelled with I.V.A.', async () => {
    const order = await createPendingOrder();
    const html = await (await api('/pedidos', { host: 'es', token: order.customer.token })).text();
    const list = html.match(/<section class="orders[ "][^>]*>[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(list).toContain(`href="/pedido/${order.externalId}"`);
    expect(list).toContain('Esperando pago');
    expect(list).toMatch(/G\$ [\d.]+<small[^>]*>\(I\.V\.A\. incluido\)<\/small>/);
  });

  it('the payment status page names a missing order id and a missing session', async () => {
    const order = await createPendingOrder();
    const noId = await (await api('/checkout/payment', { host: 'es', token: order.customer.token })).text();
    expect(noId).toContain('Pago no informado.');
    const anonymous = await (await api(`/checkout/payment?pedido=${order.externalId}`, { host: 'br' })).text();
    expect(anonymous).toContain('Faça login para ver o pagamento.');
    expect(anonymous).toContain(`href="/login?redirect=${encodeURIComponent(`/checkout/payment?pedido=${order.externalId}`)}"`);
  });
});
