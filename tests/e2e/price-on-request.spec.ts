import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { createBuyer, createCartFor, getDeliveryToken, signIn } from './support/checkout.ts';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';

/**
 * A product whose price is not shown ('Preço sob consulta') cannot be bought online (DECISIONS.md,
 * issue 19): its card and page offer the chat contact instead of add-to-cart, and the cart and
 * checkout APIs refuse it with a message in the shopper's language.
 */
let fx: CatalogFixture;
test.beforeAll(async () => {
  fx = await createCatalogFixture({ count: 4, outOfStock: 0 });
  await getTestDb().query('UPDATE products SET show_price = false WHERE id = $1', [fx.products[0]!.id]);
});

const TEXTS = {
  br: { price: 'Preço sob consulta', chat: 'Consultar preço pelo chat', add: 'Adicionar ao carrinho', refusal: 'preço sob consulta' },
  es: { price: 'Precio a consultar', chat: 'Consultar precio por chat', add: 'Agregar al carrito', refusal: 'precio a consultar' },
} as const;

async function postJson(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { message?: string; errors?: Record<string, string[]> } }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
}

/** A form post as a browser without JavaScript sends it (Node reaches *.localhost through 127.0.0.1): its status. */
function postForm(host: Host, path: string, body: string, cookie: string): Promise<number> {
  const port = Number(process.env.TEST_PORT);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host: `${host}.localhost:${port}`,
          origin: `http://${host}.localhost:${port}`,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

for (const host of ['br', 'es'] as const satisfies Host[]) {
  const text = TEXTS[host];

  test(`${host}: the card offers the chat, not add-to-cart, for a price on request`, async ({ page }) => {
    await page.goto(storefrontUrl(host, `/produtos/${fx.categorySlug}`));
    const hidden = page.locator(`article[data-product-id="${fx.products[0]!.id}"]`);
    const shown = page.locator(`article[data-product-id="${fx.products[1]!.id}"]`);
    await expect(hidden.getByTestId('card-price')).toHaveText(text.price);
    await expect(hidden.getByRole('button', { name: new RegExp(text.add) })).toHaveCount(0);
    const chat = hidden.getByTestId('price-enquiry');
    await expect(chat).toBeVisible();
    await expect(chat).toHaveText(text.chat);
    const href = new URL((await chat.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toContain(fx.products[0]!.code);
    // A product with its price shown keeps its add-to-cart.
    await expect(shown.getByRole('button', { name: new RegExp(text.add) })).toBeEnabled();
  });

  test(`${host}: the product page offers the chat, not the purchase box`, async ({ page }) => {
    await page.goto(storefrontUrl(host, `/produto/${fx.products[0]!.slug}`));
    await expect(page.locator('.price__main')).toHaveText(text.price);
    await expect(page.getByTestId('price-enquiry')).toHaveText(text.chat);
    await expect(page.locator('.product__purchase').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.add, exact: true })).toHaveCount(0);
  });

  test(`${host}: the cart API refuses it, in a new cart and added to one`, async ({ page }) => {
    await page.goto(storefrontUrl(host, '/'));
    const externalId = randomBytes(18).toString('base64url');
    const refused = await postJson(page, '/ecom/venda/carrinho', {
      external_id: externalId,
      filial_id: 1,
      moeda_id: 2,
      itens: [{ produto_id: fx.products[0]!.id, qtde: 1, ativo: true }],
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(text.refusal);
    // With a product that can be bought the same request is taken, then the hidden one is refused.
    const created = await postJson(page, '/ecom/venda/carrinho', {
      external_id: externalId,
      filial_id: 1,
      moeda_id: 2,
      itens: [{ produto_id: fx.products[1]!.id, qtde: 1, ativo: true }],
    });
    expect(created.status).toBe(201);
    const put = await page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, text: await response.text() };
      },
      {
        path: `/ecom/venda/carrinho/${externalId}`,
        body: {
          external_id: externalId,
          filial_id: 1,
          moeda_id: 2,
          itens: [
            { produto_id: fx.products[1]!.id, qtde: 1, ativo: true },
            { produto_id: fx.products[0]!.id, qtde: 1, ativo: true },
          ],
        },
      },
    );
    expect(put.status).toBe(422);
    expect(put.text).toContain(text.refusal);
    const { rows } = await getTestDb().query(
      'SELECT i.product_id FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1',
      [externalId],
    );
    expect(rows.map((row) => Number(row.product_id))).toEqual([fx.products[1]!.id]);
  });
}

test('the no-JavaScript add-to-cart form cannot put it in the cart either', { tag: '@desktop' }, async () => {
  const externalId = randomBytes(18).toString('base64url');
  const add = (productId: number) =>
    postForm('br', '/carrinho/adicionar', `produto_id=${productId}&qtde=1&redirect=%2F`, `fronteira_cart=${externalId}`);
  const countLines = async () =>
    (
      await getTestDb().query('SELECT i.product_id FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1', [
        externalId,
      ])
    ).rows.map((row) => Number(row.product_id));
  expect(await add(fx.products[0]!.id)).toBe(303);
  expect(await countLines()).toEqual([]);
  expect(await add(fx.products[1]!.id)).toBe(303);
  expect(await countLines()).toEqual([fx.products[1]!.id]);
});

test('checkout refuses a cart holding a product whose price was hidden since', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await getTestDb().query('UPDATE products SET show_price = false WHERE id = $1', [cart.productId]);
  await page.goto(storefrontUrl('es', '/'));
  const quote = { currencyId: 3, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
  const answer = await postJson(page, `/ecom/venda/carrinho/${cart.externalId}/iniciar-checkout`, {
    token_entrega: getDeliveryToken(cart.externalId, quote),
    valor_frete: 0,
    forma_pagamento: 'card',
    parcelas: 1,
  });
  expect(answer.status).toBe(422);
  expect(JSON.stringify(answer.body)).toContain('precio a consultar');
  const { rows } = await getTestDb().query('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [buyer.id]);
  expect(rows[0].n).toBe(0);
});
