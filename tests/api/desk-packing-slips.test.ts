// Packing slips and pick lists from the order desk (issue 34 point 3): PDFs read back with pdf.js.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, apiJson, getHostHeader, getTestDb } from '../support/api.ts';
import { readPdfPages } from '../support/pdf.ts';
import { createSignedInStaff, createTestStaff, signInStaff } from '../support/staff.ts';
import { createPaidOrder, createProduct } from './checkout-fixtures.ts';

async function getPdf(path: string, cookie: string, host: 'br' | 'es' = 'es') {
  const response = await api(path, { host, headers: { cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return readPdfPages(new Uint8Array(await response.arrayBuffer()));
}

/** A picture uploaded in the panel for `productId`, its address; the order's line shows it as the shop's cart did. */
async function givePicture(cookie: string, productId: number, orderId: number): Promise<void> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('imagem', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'broca.png');
  const uploaded = await apiJson<{ url: string }>(`/api/painel/catalogo/produtos/${productId}/fotos`, {
    method: 'POST',
    host: 'es',
    body: form,
    headers: { cookie, accept: 'application/json', origin: `http://${getHostHeader('es')}` },
  });
  expect(uploaded.status).toBe(200);
  await getTestDb().query('UPDATE order_items SET image_url = $2 WHERE order_id = $1', [orderId, uploaded.body.url]);
}

describe('packing slips and pick lists', () => {
  it('prints a slip per order with items, codes, quantities, picture, address or pickup, notes; the pick list sums per code', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const delivery = await createPaidOrder({ delivery: true, quantity: 2 });
    const pickup = await createPaidOrder({ quantity: 3 });
    // The pickup order also wants two units of the delivery order's product.
    const extra = await createProduct({ stock: 5 });
    await getTestDb().query(
      `INSERT INTO order_items (order_id, position, product_id, product_code, product_slug, name_pt, name_es, quantity, unit_price_minor, subtotal_minor)
       SELECT $1, 2, p.id, p.code, p.slug, p.name_pt, p.name_es, 2, 100, 200 FROM products p WHERE p.id = $2`,
      [pickup.id, delivery.product.id],
    );
    await givePicture(cookie, delivery.product.id, delivery.id);
    await apiJson(`/api/painel/pedidos/${pickup.number}/notas`, {
      method: 'POST',
      host: 'es',
      json: { nota: 'Embalar con plástico de burbujas' },
      headers: { cookie, origin: `http://${getHostHeader('es')}` },
    });
    const address = (
      await getTestDb().query<{ a: Record<string, string> }>('SELECT delivery_address AS a FROM orders WHERE id = $1', [delivery.id])
    ).rows[0]!.a;

    const slips = await getPdf(`/painel/pedidos/impressao.pdf?pedido=${delivery.number}&pedido=${pickup.number}&tipo=romaneio`, cookie);
    expect(slips).toHaveLength(2);
    const [first, second] = slips.map((page) => page.text);
    expect(first).toContain(`Remito de preparación del pedido ${delivery.number}`);
    expect(first).toContain(delivery.product.code);
    expect(first).toMatch(new RegExp(`${delivery.product.code} .+ 2 `));
    expect(first).toContain(String(address.logradouro));
    expect(slips[0]!.pictures).toBe(1);
    expect(second).toContain(`Remito de preparación del pedido ${pickup.number}`);
    expect(second).toContain(pickup.pickup_code);
    expect(second).toContain('Embalar con plástico de burbujas');
    expect(second).toContain('Total: 5 unidades en 2 líneas');

    const pick = (await getPdf(`/painel/pedidos/impressao.pdf?pedido=${delivery.number}&pedido=${pickup.number}&tipo=separacao`, cookie))
      .map((page) => page.text)
      .join(' ');
    expect(pick).toContain('Lista de preparación');
    // Four units of the shared code over both orders, three of the other in one.
    expect(pick).toMatch(new RegExp(`${delivery.product.code} .+? 4 ${delivery.number}, ${pickup.number}`));
    expect(pick).toMatch(new RegExp(`${pickup.product.code} .+? 3 ${pickup.number}`));
    expect(pick).not.toContain(extra.code);
  });

  it("in the staff member's language; the counter may print; nothing checked goes back to the list saying so", async () => {
    const order = await createPaidOrder({ delivery: true });
    const staff = await createTestStaff('counter', { locale: 'pt-BR' });
    const cookie = await signInStaff(staff);
    const [page] = await getPdf(`/painel/pedidos/impressao.pdf?pedido=${order.number}`, cookie);
    expect(page!.text).toContain(`Romaneio do pedido ${order.number}`);
    expect(page!.text).toContain('Entregar a');
    const none = await api('/painel/pedidos/impressao.pdf?pedido=abc&pedido=999999999', { host: 'es', headers: { cookie } });
    expect(none.status).toBe(303);
    expect(none.headers.get('location')).toBe('/painel/pedidos?impressao=vazia');
    const list = await (await api('/painel/pedidos?impressao=vazia', { host: 'es', headers: { cookie } })).text();
    expect(list).toContain('Marque ao menos um pedido da lista para imprimir.');
    expect(list).toContain(`name="pedido" value="${order.number}"`);
  });
});
