import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, apiAnswer, apiJson, getTestDb, type ErrorAnswer, getRunStack } from '../support/api.ts';
import { createTestCustomer, createTestProduct, newExternalId } from '../support/cart-fixtures.ts';
import { verifyDeliveryToken } from '#server/shipping/delivery-token.ts';
import { z } from 'zod';
import type { DeliveryOption } from '#lib/contract/shipping.ts';
import { DeliveryOptionSchema, PickupPointViewSchema } from '#lib/contract/shipping-schema.ts';

async function cityId(name: string, stateId: number): Promise<number> {
  const { rows } = await getTestDb().query('SELECT id FROM cities WHERE name = $1 AND state_id = $2', [name, stateId]);
  return Number(rows[0].id);
}

async function cartWithItem(host: 'br' | 'es', token?: string, moeda_id = 3) {
  const product = await createTestProduct({ stock: 5 });
  const externalId = newExternalId();
  const created = await apiJson('/ecom/venda/carrinho', {
    method: 'POST',
    host,
    token,
    json: { external_id: externalId, filial_id: 1, moeda_id, itens: [{ produto_id: product.id, qtde: 1, ativo: true }] },
  });
  expect(created.status).toBe(201);
  return { externalId, cart: created.body };
}

function calc<Answer = DeliveryOption[]>(
  externalId: string,
  body: Record<string, unknown>,
  options: { host?: 'br' | 'es'; token?: string } = {},
) {
  return apiJson<Answer>(`/ecom/venda/carrinho/${externalId}/calcular-frete`, {
    method: 'PUT',
    host: options.host ?? 'es',
    token: options.token,
    json: { external_id: externalId, filial_id: 1, moeda_id: 3, cep: '', itens: [], ...body },
  });
}

describe('shipping calculation', () => {
  it('offers delivery services, pickup points and store pickup for Ciudad del Este, cheapest delivery first', async () => {
    const { externalId } = await cartWithItem('es');
    const cde = await cityId('Ciudad del Este', 30);
    const { status, body } = apiAnswer(z.array(DeliveryOptionSchema), await calc(externalId, { cidade_id: cde }));
    expect(status).toBe(200);
    const kinds = body.map((option) => option.tipo);
    expect(kinds[0]).toBe('delivery');
    expect(kinds).toContain('pickup_point');
    expect(kinds.at(-1)).toBe('pickup');
    const deliveries = body.filter((option) => option.tipo === 'delivery');
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    expect(deliveries[0]).toMatchObject({ entrega_servico_id: 1, entrega_integrador_id: 1, valor: 20000, prazo: 1, moeda: { id: 3 } });
    expect(deliveries[0]!.valor).toBeLessThanOrEqual(deliveries[1]!.valor);
    const pickup = body.at(-1);
    expect(pickup).toMatchObject({ entrega_servico_id: null, valor: 0, descricao: 'Retiro en la tienda' });
    const points = body.find((option) => option.tipo === 'pickup_point')!.opcionais.pontos_entrega;
    expect(points.length).toBe(2);
    expect(points[0]).toMatchObject({ cidade: 'Ciudad del Este', cidade_id: cde });
    expect(points[0]!.endereco).toBeTruthy();
    expect(points[0]!.horario_atendimento).toMatch(/\d/);
  });

  it('signs each option for this cart, price and currency', async () => {
    const { externalId } = await cartWithItem('es');
    const { body } = await calc(externalId, { cidade_id: await cityId('Asunción', 39) });
    const delivery = body.find((option) => option.tipo === 'delivery')!;
    expect(delivery.token).toMatch(/^[\w-]+\.[\w-]+$/);
    const token = delivery.token ?? '';
    const [payload = ''] = token.split('.');
    const claims: unknown[] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    expect(claims[0]).toBe(externalId);
    expect(claims[1]).toBe(delivery.entrega_servico_id);
    expect(claims[5]).toBe(delivery.valor); // PYG has no decimals: minor = major
    expect(claims[6]).toBe(3);
    const secret = (await readFile(path.join(getRunStack().dataDir, 'secrets', 'shipping-token-secret'), 'utf8')).trim();
    const verified = verifyDeliveryToken(token, externalId, new Date(), secret);
    expect(verified).toMatchObject({ ok: true, claims: { serviceId: delivery.entrega_servico_id, valueMinor: delivery.valor } });
    expect(verifyDeliveryToken(token, newExternalId(), new Date(), secret)).toEqual({ ok: false, reason: 'cart' });
    expect(verifyDeliveryToken(token, externalId, new Date(Date.now() + 31 * 60_000), secret)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const forged = Buffer.from(JSON.stringify([...claims.slice(0, 5), 1, ...claims.slice(6)])).toString('base64url');
    expect(verifyDeliveryToken(`${forged}.${token.split('.')[1]}`, externalId, new Date(), secret)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('answers for a department-wide rate and for a department without delivery (pickup only)', async () => {
    const { externalId } = await cartWithItem('es');
    const encarnacion = await calc(externalId, { cidade_id: await cityId('Encarnación', 35) });
    expect(encarnacion.body.map((o) => o.tipo)).toEqual(['delivery', 'pickup_point', 'pickup']);
    const remote = await calc(externalId, { cidade_id: await cityId('Fuerte Olimpo', 43) });
    expect(remote.status).toBe(200);
    expect(remote.body.map((o) => o.tipo)).toEqual(['pickup']);
  });

  it('prices districts added from the SIFEN list and still quotes a retired one a cart may hold', async () => {
    const { externalId } = await cartWithItem('es');
    const added = await calc(externalId, { cidade_id: await cityId('Nueva Asunción', 38) });
    expect(added.body.find((o) => o.tipo === 'delivery')).toMatchObject({ entrega_servico_id: 2, valor: 75000, moeda: { id: 3 } });
    const retired = await calc(externalId, { cidade_id: await cityId('Laurel', 31) });
    expect(retired.status).toBe(200);
    expect(retired.body.find((o) => o.tipo === 'delivery')).toMatchObject({ entrega_servico_id: 2, valor: 65000 });
  });

  it('gives Brazilian buyers store pickup only', async () => {
    const brazilian = await createTestCustomer(1);
    const { externalId } = await cartWithItem('br', brazilian.token, 2);
    const { body } = await calc(externalId, { cidade_id: await cityId('Ciudad del Este', 30) }, { host: 'br', token: brazilian.token });
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ tipo: 'pickup', valor: 0, entrega_servico_id: null, descricao: 'Retirada na loja', moeda: { id: 2 } });
    const points = await apiJson(`/ecom/venda/carrinho/${externalId}/pontos-entrega`, { host: 'br', token: brazilian.token });
    expect(points.body).toEqual([]);
  });

  it('needs a city and items, and a cart', async () => {
    const { externalId } = await cartWithItem('es');
    const noCity = await calc<ErrorAnswer>(externalId, {});
    expect(noCity.status).toBe(422);
    expect(noCity.body.message).toBe('¡Selecciona una ciudad y ten artículos en el carrito!');
    const emptyId = newExternalId();
    await api('/ecom/venda/carrinho', { method: 'POST', host: 'es', json: { external_id: emptyId, moeda_id: 3, itens: [] } });
    const empty = await calc(emptyId, { cidade_id: await cityId('Asunción', 39) });
    expect(empty.status).toBe(422);
    const missing = await calc<ErrorAnswer>(newExternalId(), { cidade_id: 1 }, { host: 'br' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Carrinho não disponível para cálculo de frete');
    const unknownCity = await calc(externalId, { cidade_id: 99999999 });
    expect(unknownCity.status).toBe(422);
  });

  it('recalculates for one pickup point and lists pickup points with their tokens', async () => {
    const { externalId } = await cartWithItem('es');
    const list = apiAnswer(
      z.array(PickupPointViewSchema),
      await apiJson(`/ecom/venda/carrinho/${externalId}/pontos-entrega`, { host: 'es' }),
    );
    expect(list.status).toBe(200);
    const cities = new Set(list.body.map((p) => p.cidade));
    expect(cities.size).toBeGreaterThanOrEqual(5);
    // Paraguayan points on the Spanish storefront are each a "Punto", never the Portuguese "Ponto".
    expect(list.body.map((p) => p.nome).filter((name) => /\bPonto\b/.test(name))).toEqual([]);
    const point = list.body.find((p) => p.cidade === 'Encarnación')!;
    expect(point.token_servico).toBeTruthy();
    const one = await calc(externalId, { id_ponto_entrega: point.id });
    expect(one.body).toHaveLength(1);
    expect(one.body[0]).toMatchObject({ tipo: 'pickup_point', cidade_id: point.cidade_id, valor: point.valor });
    expect(one.body[0]!.opcionais.pontos_entrega[0]!.id).toBe(point.id);
  });

  it("keeps another customer's cart closed", async () => {
    const alice = await createTestCustomer(0);
    const bob = await createTestCustomer(0);
    const { externalId } = await cartWithItem('es', alice.token);
    const asBob = await calc(externalId, { cidade_id: await cityId('Asunción', 39) }, { token: bob.token });
    expect(asBob.status).toBe(403);
  });

  it('estimates a city for the product page without a cart', async () => {
    const { status, body } = apiAnswer(
      z.array(DeliveryOptionSchema),
      await apiJson(`/ecom/endereco/frete?cidade_id=${await cityId('Luque', 36)}`, { host: 'es' }),
    );
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ tipo: 'delivery', token: null, moeda: { id: 3 } });
  });
});
