import { expect, test } from '@playwright/test';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';
import { screenshotForReview } from './support/review.ts';

/**
 * Issue 34 point 5 (decision 1140): an admin refunds one line of a two-line paid order on the
 * order page (the sandbox gateway gives the part back); the desk lists it, only that line's stock
 * comes back, and the shopper's order page shows what was refunded and the amount. The gateways'
 * own rules are tests/api/partial-refunds.test.ts; the manual refund of a whole payment is
 * order-desk-manual-refund.spec.ts.
 */
const CASES = [
  {
    host: 'es' as const,
    locale: 'es-PY' as const,
    foreignBuyer: 0 as const,
    currencyId: 3,
    secondPrice: 365_000, // 50.00 U$ at the seed's 7300
    approve: 'Aprobar',
    status: 'Pagado',
    open: 'Devolver artículos',
    reason: 'Motivo (el comprador no lo ve)',
    submit: 'Devolver artículos elegidos',
    done: 'Artículos devueltos: el stock volvió y el proveedor devolvió el monto; el comprador fue avisado por correo.',
    refunded: /G\$\s?948\.270 · devuelta/,
    item: '1 devuelto(s)',
    notice: /La tienda te devolvió G\$\s?948\.270 por artículos de este pedido/,
  },
  {
    host: 'br' as const,
    locale: 'pt-BR' as const,
    foreignBuyer: 1 as const,
    currencyId: 2,
    secondPrice: 5_000,
    approve: 'Aprovar',
    status: 'Pago',
    open: 'Devolver itens',
    reason: 'Motivo (o comprador não vê)',
    submit: 'Devolver itens escolhidos',
    done: 'Itens devolvidos: o estoque voltou e o valor foi devolvido pelo provedor; o comprador foi avisado por e-mail.',
    refunded: /U\$\s?129,90 · devolvida/,
    item: '1 devolvido(s)',
    notice: /A loja devolveu U\$\s?129,90 por itens deste pedido/,
  },
];

/** A second product in the cart (1 unit, 5 in stock before the order). */
async function addSecondLine(cartExternalId: string, unitPrice: number): Promise<number> {
  const code = `E2E-B${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const { rows } = await getTestDb().query<{ id: number }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
     SELECT $1, lower($1), 'Disco de corte', 'Disco de corte', 5000, 5, brand_id, category_id FROM products ORDER BY id DESC LIMIT 1
     RETURNING id`,
    [code],
  );
  await getTestDb().query(
    `INSERT INTO cart_items (cart_id, product_id, quantity, unit_price_minor) SELECT id, $2, 1, $3 FROM carts WHERE external_id = $1`,
    [cartExternalId, rows[0]!.id, unitPrice],
  );
  return rows[0]!.id;
}

const getStock = async (productId: number) =>
  (await getTestDb().query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock;

for (const item of CASES) {
  test(`an admin refunds one line of a paid order; the shopper's page shows it (${item.locale})`, async ({ page, context, browser }) => {
    test.setTimeout(60_000);
    const buyer = await createBuyer(item.foreignBuyer);
    await signIn(context, item.host, buyer.token);
    const cart = await createCartFor(buyer.id, item.currencyId);
    const second = await addSecondLine(cart.externalId, item.secondPrice);
    const quote = { currencyId: item.currencyId, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
    const link = await startCheckoutRequest(page, item.host, cart.externalId, {
      token_entrega: getDeliveryToken(cart.externalId, quote),
      valor_frete: 0,
      entrega_servico_id: null,
      cliente_endereco_id: null,
      forma_pagamento: 'card',
      parcelas: 1,
    });
    await page.goto(link);
    await page.getByRole('button', { name: item.approve }).click();
    await expect(page).toHaveURL(/\/checkout\/payment\?pedido=/);
    await expect(page.getByTestId('pickup-code')).toBeVisible();
    const { rows } = await getTestDb().query<{ number: string; external_id: string; position: number }>(
      `SELECT o.number, o.external_id, i.position FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.customer_id = $1 AND i.product_id = $2`,
      [buyer.id, cart.productId],
    );
    const order = rows[0]!;
    expect([await getStock(cart.productId), await getStock(second)]).toEqual([4, 4]);

    const staff = await openStaffContext(browser, item.host, 'admin', item.locale);
    const desk = await staff.newPage();
    await desk.goto(storefrontUrl(item.host, `/painel/pedidos/${order.number}`));
    await desk.getByText(item.open, { exact: true }).click();
    await desk.locator(`input[name="qtde_${order.position}"]`).fill('1');
    await desk.getByLabel(item.reason).fill('Llegó con defecto');
    await screenshotForReview(desk, `desk-form-${item.host}.png`, { fullPage: true });
    await desk.getByRole('button', { name: item.submit }).click();
    await expect(desk.getByTestId('desk-outcome')).toHaveText(item.done);
    await expect(desk.getByTestId('desk-refund')).toHaveCount(1);
    await expect(desk.getByTestId('desk-refund')).toContainText(item.refunded);
    await expect(desk.getByTestId('desk-item-refunded')).toHaveText(item.item);
    await expect(desk.getByTestId('desk-order-status')).toHaveText(item.status); // the order keeps its status
    await screenshotForReview(desk, `desk-refunded-${item.host}.png`, { fullPage: true });
    await staff.close();
    // the refunded line's stock only
    expect([await getStock(cart.productId), await getStock(second)]).toEqual([5, 4]);

    await page.goto(storefrontUrl(item.host, `/pedido/${order.external_id}`));
    await expect(page.getByTestId('item-refunded')).toHaveText(item.item);
    await expect(page.getByTestId('partial-refund-notice')).toHaveText(item.notice);
    await screenshotForReview(page, `order-${item.host}.png`, { fullPage: true });
  });
}
