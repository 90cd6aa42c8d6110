import { expect, test, type Page } from '@playwright/test';
import { createE2eCustomer, signInThroughUi } from './support/accounts.ts';
import { createCartFor } from './support/checkout.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

const LOCAL_KEYS = ['fronteira_cart_id', 'fronteira_checkout_shipping', 'fronteira_favourites', 'fronteira_session_expires'];

/** A signed-in Paraguayan buyer with a one-item cart, a saved shipping choice and a local favourite. */
async function signInWithCart(page: Page) {
  const customer = await createE2eCustomer(0);
  await signInThroughUi(page, 'es', customer);
  return { customer, cart: await addCartState(page, customer) };
}

/** A one-item cart, a saved shipping choice and a local favourite in this browser, as a signed-in buyer has them. */
async function addCartState(page: Page, customer: { id: number }) {
  const cart = await createCartFor(customer.id, 3);
  await page.context().addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.evaluate((id) => {
    document.cookie = 'fronteira_stored=1; path=/'; // the marker the shop's writes set (stored-state.ts)
    localStorage.setItem('fronteira_cart_id', id);
    localStorage.setItem('fronteira_checkout_shipping', JSON.stringify({ addressId: 1, serviceId: null, pointId: null }));
    localStorage.setItem('fronteira_favourites', JSON.stringify([1]));
  }, cart.externalId);
  await page.goto(storefrontUrl('es', '/'));
  await expect(page.getByRole('link', { name: /1 artículo en el carrito/ }).first()).toBeVisible();
  return cart;
}

async function readLocal(page: Page) {
  return page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])), LOCAL_KEYS);
}

test('a session ended on the server clears the cart, saved shipping and favourites on the next page', async ({ page }) => {
  const { customer, cart } = await signInWithCart(page);
  expect((await readLocal(page)).fronteira_session_expires).toMatch(/^\d+$/);
  await getTestDb().query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE customer_id = $1", [customer.id]);

  await page.goto(storefrontUrl('es', '/'));
  await expect(page.getByRole('link', { name: 'Ingresar' }).first()).toBeVisible();
  await expect
    .poll(() => readLocal(page))
    .toMatchObject({
      fronteira_checkout_shipping: null,
      fronteira_favourites: null,
      fronteira_session_expires: null,
    });
  expect((await readLocal(page)).fronteira_cart_id).not.toBe(cart.externalId);
  await expect(page.getByRole('link', { name: /0 artículos en el carrito/ }).first()).toBeVisible();
  // The stale session cookie was dropped by the server.
  expect((await page.context().cookies()).some((c) => c.name === 'fronteira_session')).toBe(false);
});

test('an hour after sign-in an open page ends the session and clears the same state', async ({ page }) => {
  await page.clock.install();
  const { customer, cart } = await signInWithCart(page);
  await page.clock.fastForward('01:00:01');
  await expect(page.getByRole('link', { name: 'Ingresar' }).first()).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => readLocal(page))
    .toMatchObject({
      fronteira_checkout_shipping: null,
      fronteira_favourites: null,
      fronteira_session_expires: null,
    });
  expect((await readLocal(page)).fronteira_cart_id).not.toBe(cart.externalId);
  await expect(page.getByRole('link', { name: /0 artículos en el carrito/ }).first()).toBeVisible();
  // The server session ended too.
  const { rows } = await getTestDb().query('SELECT 1 FROM sessions WHERE customer_id = $1 AND ended_at IS NULL', [customer.id]);
  expect(rows).toHaveLength(0);
});

test('a sign-in without JavaScript ends the same way an hour later, once pages run JavaScript', async ({ browser, page }) => {
  const customer = await createE2eCustomer(0);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const form = await noScript.newPage();
  await form.goto(storefrontUrl('es', '/login'));
  await form.locator('main input[name="email"]').fill(customer.email);
  await form.locator('main input[name="password"]').fill(customer.password);
  await form.locator('main form button[type="submit"]').click();
  await expect(form).toHaveURL((url) => url.pathname === '/perfil');
  await page.context().addCookies(await noScript.cookies());
  await noScript.close();

  await page.clock.install();
  // A note an earlier session left in this browser (ended long ago) must not end this one.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    document.cookie = 'fronteira_stored=1; path=/';
    localStorage.setItem('fronteira_session_expires', String(Date.now() - 3_600_000));
  });
  await page.goto(storefrontUrl('es', '/'));
  const cart = await addCartState(page, customer);
  await expect(page.locator('meta[name="fronteira-session"]')).toHaveAttribute('content', 'signed-in');
  const noted = Number((await readLocal(page)).fronteira_session_expires);
  const now = await page.evaluate(() => Date.now());
  expect(noted - now).toBeGreaterThan(59 * 60_000);
  expect(noted - now).toBeLessThanOrEqual(60 * 60_000);

  await page.clock.fastForward('01:00:01');
  await expect(page.getByRole('link', { name: 'Ingresar' }).first()).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => readLocal(page))
    .toMatchObject({
      fronteira_checkout_shipping: null,
      fronteira_favourites: null,
      fronteira_session_expires: null,
    });
  expect((await readLocal(page)).fronteira_cart_id).not.toBe(cart.externalId);
  const { rows } = await getTestDb().query('SELECT 1 FROM sessions WHERE customer_id = $1 AND ended_at IS NULL', [customer.id]);
  expect(rows).toHaveLength(0);
});
