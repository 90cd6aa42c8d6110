import { describe, expect, it } from 'vitest';
import { api, apiJson, getTestDb } from '../support/api.ts';
import {
  addAddress,
  createCart,
  createCustomer,
  createDeliveryService as createService,
  createProduct,
  startCheckout,
} from './checkout-fixtures.ts';

async function rewriteRateTable(serviceId: number) {
  await getTestDb().query(`UPDATE delivery_services SET name_pt = 'Renomeado', name_es = 'Renombrado' WHERE id = $1`, [serviceId]);
  await getTestDb().query('UPDATE delivery_rates SET days = days + 20 WHERE service_id = $1', [serviceId]);
  await getTestDb().query("UPDATE pickup_points SET days = days + 20, name = name || ' (nuevo)' WHERE service_id = $1", [serviceId]);
}

/** The order article of /pedido/{id}, as a Paraguayan buyer reads it (es-PY, following the profile). */
async function getOrderPage(externalId: string, token: string): Promise<string> {
  const html = await (await api(`/pedido/${externalId}`, { host: 'es', token })).text();
  return html.match(/<article class="order[ "][^>]*>[\s\S]*?<\/article>/)?.[0] ?? 'no order article';
}

describe('the delivery option frozen on the order', () => {
  it('keeps the service name and the days of a home delivery as they were at checkout', async () => {
    const service = await createService();
    const customer = await createCustomer();
    const addressId = await addAddress(customer.id, service.city);
    const product = await createProduct({ stock: 5 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const started = await startCheckout(customer, cart, {
      currencyId: 3,
      quote: { type: 'delivery', serviceId: service.id, cityId: service.city, priceMinor: 20_000 },
      body: { cliente_endereco_id: addressId },
    });
    expect(started.status).toBe(201);
    await rewriteRateTable(service.id);

    const es = await apiJson(`/ecom/venda/pedidos/${started.body.external_id}`, { host: 'es', token: customer.token });
    expect(es.body).toMatchObject({
      tipo_entrega: 'delivery',
      entrega_servico: `Moto ES ${service.tag}`,
      prazo_entrega: 3,
      ponto_entrega: null,
    });
    const page = await getOrderPage(started.body.external_id, customer.token);
    expect(page).toContain(`Entrega a domicilio — Moto ES ${service.tag}`);
    expect(page).toMatch(/Plazo de entrega<\/dt>\s*<dd[^>]*>3 días<\/dd>/);
    expect(page).not.toContain('Renombrado');
  });

  it('keeps the pickup point, its service and its days', async () => {
    const service = await createService();
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const started = await startCheckout(customer, cart, {
      currencyId: 3,
      quote: { type: 'pickup_point', serviceId: service.id, pickupPointId: service.pointId, cityId: service.city, priceMinor: 10_000 },
      body: { id_ponto_entrega: service.pointId },
    });
    expect(started.status).toBe(201);
    await rewriteRateTable(service.id);

    const { body } = await apiJson(`/ecom/venda/pedidos/${started.body.external_id}`, { host: 'es', token: customer.token });
    expect(body).toMatchObject({
      tipo_entrega: 'pickup_point',
      entrega_servico: `Moto ES ${service.tag}`,
      prazo_entrega: 4,
      ponto_entrega: { nome: `Punto ${service.tag}`, endereco: 'Calle Palma 100' },
    });
    const page = await getOrderPage(started.body.external_id, customer.token);
    expect(page).toContain(`Retiro en punto de entrega — Moto ES ${service.tag} — Punto ${service.tag}, Calle Palma 100`);
    expect(page).toMatch(/Plazo de entrega<\/dt>\s*<dd[^>]*>4 días<\/dd>/);
  });

  it('a store pickup shows no delivery days', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5 });
    const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
    const started = await startCheckout(customer, cart, { currencyId: 3 });
    const { body } = await apiJson(`/ecom/venda/pedidos/${started.body.external_id}`, { host: 'es', token: customer.token });
    expect(body).toMatchObject({ tipo_entrega: 'pickup', prazo_entrega: 0, entrega_servico: null, ponto_entrega: null });
    const page = await getOrderPage(started.body.external_id, customer.token);
    expect(page).toContain('Retiro en la tienda');
    expect(page).not.toContain('Plazo de entrega');
  });
});
