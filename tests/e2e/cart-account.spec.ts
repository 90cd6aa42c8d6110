// Issue 35: carts that follow the account (two tabs, two devices) and a session that ends
// mid-checkout. Short flows: several checks per test (CI time).
import { expect, test } from '@playwright/test';
import { createE2eCustomer, signInThroughUi, signInWithCookie } from './support/accounts.ts';
import { createE2eProduct, seedBrowserCart, waitForIslands } from './support/cart.ts';
import { createCartFor } from './support/checkout.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

async function readCartLines(externalId: string): Promise<number[]> {
  const { rows } = await getTestDb().query<{ product_id: number }>(
    'SELECT i.product_id FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1 AND i.active ORDER BY i.id',
    [externalId],
  );
  return rows.map((row) => Number(row.product_id));
}

test('br: a stale tab adds on the fresh cart and says so; both lines stay', async ({ page, context }) => {
  const [kept, first, second] = await Promise.all([
    createE2eProduct({ stock: 5 }),
    createE2eProduct({ stock: 5, name: `Serra Aba Um ${Date.now()}` }),
    createE2eProduct({ stock: 5, name: `Serra Aba Dois ${Date.now()}` }),
  ]);
  await page.goto(storefrontUrl('br', '/'));
  const cartId = await seedBrowserCart(page, [{ id: kept.id, qtde: 1 }]);
  await page.goto(storefrontUrl('br', `/produto/${first.slug}`));
  await waitForIslands(page);
  const other = await context.newPage();
  await other.goto(storefrontUrl('br', `/produto/${second.slug}`));
  await waitForIslands(other);
  await expect(other.getByTestId('cart-badge').first()).toHaveText('1');

  await page.locator('.purchase').getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByTestId('cart-badge').first()).toHaveText('2');
  // The second tab still shows one line: its add is refused as stale, made again on the fresh cart, and told.
  await other.locator('.purchase').getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(other.locator('.purchase').getByRole('status')).toHaveText(
    'Seu carrinho mudou em outra aba ou aparelho e foi atualizado aqui. Confira os itens.',
  );
  await expect(other.getByTestId('cart-badge').first()).toHaveText('3');
  expect(await readCartLines(cartId)).toEqual([kept.id, first.id, second.id]);
});

test('es: a cart filled on one device appears after signing in on another, and the guest cart merges', async ({
  browser,
  page,
  context,
}) => {
  const customer = await createE2eCustomer(0);
  const [drill, saw] = await Promise.all([createE2eProduct({ stock: 5 }), createE2eProduct({ stock: 5 })]);
  await signInWithCookie(context, 'es', customer.id);
  await page.goto(storefrontUrl('es', '/'));
  await seedBrowserCart(page, [{ id: drill.id, qtde: 2 }]);

  const laptop = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await laptop.newPage();
  await guest.goto(storefrontUrl('es', '/'));
  await seedBrowserCart(guest, [{ id: saw.id, qtde: 1 }]);
  // The toast is drawn by the page script and lives 12 s: waiting for the islands first (slow on a
  // loaded machine) could outlast it.
  await signInThroughUi(guest, 'es', customer, '/login', 'page');
  await expect(guest.getByTestId('toast')).toContainText(
    'Sumamos al carrito de tu cuenta los productos que tenías en este dispositivo (1).',
  );
  await expect(guest.getByTestId('cart-badge').first()).toHaveText('3');
  // The first device sees the same cart.
  await page.goto(storefrontUrl('es', '/carrinho'));
  await expect(page.getByTestId('cart-badge').first()).toHaveText('3');
  await laptop.close();
});

test('es: a session that ends mid-checkout asks to sign in there and keeps the cart', async ({ page, context }) => {
  await page.clock.install();
  const customer = await createE2eCustomer(0);
  await signInWithCookie(context, 'es', customer.id);
  const cart = await createCartFor(customer.id, 3);
  await page.context().addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(storefrontUrl('es', '/checkout'));
  await waitForIslands(page);
  await expect(page.getByText('Amoladora Prueba')).toBeVisible();

  await page.clock.fastForward('01:00:01');
  const alert = page.locator('.co-alert');
  await expect(alert).toContainText('Tu sesión expiró. Vuelve a ingresar para finalizar: tu carrito sigue guardado.', { timeout: 15_000 });
  await expect(page.getByText('Tu carrito está vacío')).toHaveCount(0);
  await alert.locator('input[name="email"]').fill(customer.email);
  await alert.locator('input[name="password"]').fill(customer.password);
  await alert.locator('button[type="submit"]').click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expect(page.getByText('Amoladora Prueba')).toBeVisible();
  await expect(page.locator('.co-alert')).toHaveCount(0);
});
