import { describe, expect, it } from 'vitest';
import type { OrderList } from '#lib/contract/orders.ts';
import { api, apiJson } from '../support/api.ts';
import { extractPdfText } from '../support/pdf-text.ts';
import { createCustomer, createPaidOrder, createPendingOrder, signedWebhook } from './checkout-fixtures.ts';

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

  it('once paid, serves a receipt and a pickup ticket a border buyer can use; before, neither', async () => {
    const order = await createPendingOrder();
    for (const file of ['comprovante.pdf', 'ticket.pdf'])
      expect((await api(`/pedido/${order.externalId}/${file}`, { host: 'es', token: order.customer.token })).status, file).toBe(404);
    expect(await (await api(`/pedido/${order.externalId}`, { host: 'es', token: order.customer.token })).text()).not.toContain(
      'comprovante.pdf',
    );
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
    const text = async (file: string) =>
      extractPdfText(
        Buffer.from(await (await api(`/pedido/${order.externalId}/${file}`, { host: 'es', token: order.customer.token })).arrayBuffer()),
      );
    // Issue 35 point 5: the receipt names the buyer, the document and the method actually used.
    const receipt = await text('comprovante.pdf');
    expect(receipt).toContain('Comprador: Teste Comprador');
    expect(receipt).toContain('Documento: RUC 80012345-6');
    expect(receipt).toMatch(/Forma de pago: (?!A elegir)/);
    // The ticket: the store's address and hours, a map link, the deadline, the buyer and the document to bring.
    const ticket = await text('ticket.pdf');
    for (const part of [
      'Comprador: Teste Comprador',
      'Av. San Blas, 1200, Ciudad del Este, Paraguay',
      'Horario de atención: Lun. a sáb., 7 a 18 h',
      'Ver en el mapa',
      'Retira hasta el',
      'presenta un documento de identidad con foto: RUC 80012345-6',
    ])
      expect(ticket).toContain(part);
    // The order page says the same, with the map link.
    const page = await (await api(`/pedido/${order.externalId}`, { host: 'es', token: order.customer.token })).text();
    expect(page).toMatch(
      /data-testid="order-pickup-place"[^>]*>[\s\S]*Av\. San Blas, 1200[\s\S]*Horario de atención: Lun\. a sáb\., 7 a 18 h/,
    );
    expect(page).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=Av.%20San%20Blas%2C%201200%2C%20Ciudad%20del%20Este%2C%20Paraguay"',
    );
    expect(page).toMatch(/data-testid="order-pickup-until"[^>]*>\d{1,2} de \w+ de \d{4}</);
    expect(page).toContain('comprovante.pdf');
  });

  it('a home delivery order shows its address and the buyer, and no pickup code or ticket', async () => {
    const order = await createPaidOrder({ delivery: true });
    const page = await (await api(`/pedido/${order.externalId}`, { host: 'es', token: order.customer.token })).text();
    expect(page).toMatch(/data-testid="order-delivery-address"[^>]*><address[^>]*>Av\. España 1500<br[^>]*>Villa Morra — Asunción/);
    expect(page).toMatch(/data-testid="order-buyer"[^>]*>Teste Comprador</);
    expect(page).not.toContain('data-testid="pickup-code"');
    expect(page).not.toContain('ticket.pdf');
    expect(page).not.toContain('order-pickup-until');
    const view = await apiJson<{ endereco_entrega: string[]; retirar_ate: null; codigo_retirada: null }>(
      `/ecom/venda/pedidos/${order.externalId}`,
      { host: 'es', token: order.customer.token },
    );
    expect(view.body).toMatchObject({ retirar_ate: null, codigo_retirada: null });
    expect(view.body.endereco_entrega[0]).toBe('Av. España 1500');
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
