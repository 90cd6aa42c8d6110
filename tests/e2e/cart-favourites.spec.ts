import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createSessionService } from '#server/accounts/service.ts';
import { systemClock } from '#server/clock.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { createE2eProduct, waitForIslands } from './support/cart.ts';

async function signedInCustomer(foreignBuyer: 0 | 1) {
  const db = getTestDb();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer)
     VALUES ($1, 'x', 'Fav', 'Teste', $2) RETURNING id`,
    [`fav-${randomUUID()}@example.test`, foreignBuyer],
  );
  const id = Number(rows[0]?.id);
  const { token } = await createSessionService({ db, clock: systemClock }).createSession(id);
  return { id, token };
}

for (const host of ['br', 'es'] as const) {
  test(`favourites page on ${host}: the heart removes a favourite and the badge follows`, async ({ page, context }) => {
    const foreignBuyer = host === 'br' ? 1 : 0;
    const customer = await signedInCustomer(foreignBuyer);
    const product = await createE2eProduct({ name: `Nível Laser Favorito ${host}` });
    await getTestDb().query('INSERT INTO favourites (customer_id, product_id) VALUES ($1, $2)', [customer.id, product.id]);
    await context.addCookies([{ name: 'fronteira_session', value: customer.token, url: storefrontUrl(host, '/') }]);
    await page.goto(storefrontUrl(host, '/perfil/favoritos'));
    await waitForIslands(page);
    const card = page.locator(`[data-favourite-card="${product.id}"]`);
    await expect(card.getByText(product.name)).toBeVisible();
    // The shop's one product card: price in the shopper's currency and add-to-cart.
    await expect(card.getByTestId('card-price')).toHaveText(host === 'br' ? /^U\$ / : /^G\$ /);
    await expect(card.locator('.product-card__actions')).not.toBeEmpty();
    const heart = card.locator('button[data-favourite]');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const badge = page.getByTestId('favourites-badge').first();
    await expect(badge).toHaveText('1');
    await heart.click();
    await expect(card).toHaveCount(0);
    await expect(badge).toHaveAttribute('data-count', '0');
    await expect(page.getByText(host === 'br' ? 'Você ainda não tem favoritos.' : 'Todavía no tienes favoritos.')).toBeVisible();
    await expect(page.getByRole('link', { name: host === 'br' ? 'Ver produtos' : 'Ver productos' })).toHaveAttribute('href', '/produtos');
    const { rows } = await getTestDb().query('SELECT 1 FROM favourites WHERE customer_id = $1', [customer.id]);
    expect(rows).toHaveLength(0);
  });
}

test('visitors are sent to login carrying the page, from /perfil/favoritos and the header heart', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/perfil/favoritos'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fperfil%2Ffavoritos$/);
  await page.goto(storefrontUrl('br', '/sobre-nos'));
  // The header heart is hidden by CSS on phones, but it is the same link in the page at every width.
  const link = page.locator('a.header-favourites').first();
  await expect(link).toHaveAttribute('href', '/login?redirect=%2Fsobre-nos');
});

test('adding a favourite vibrates 50 ms once and pops the heart for about 600 ms; removing does neither', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { vibrations: unknown[] }).vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        calls.push(pattern);
        return true;
      },
    });
  });
  const product = await createE2eProduct({ name: 'Furadeira Vibrante' });
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  const heart = page.locator(`button[data-favourite="${product.id}"]`).first();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // Record when the pop class comes and goes, in the page's own clock.
  await heart.evaluate((button) => {
    const marks: Array<{ on: boolean; at: number }> = [];
    (window as unknown as { popMarks: typeof marks }).popMarks = marks;
    new MutationObserver(() => marks.push({ on: button.classList.contains('is-popping'), at: performance.now() })).observe(button, {
      attributes: true,
      attributeFilter: ['class'],
    });
  });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // The observer's marks, not a polled class: on a busy machine a poll can miss a 600 ms pop.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { popMarks: Array<{ on: boolean }> }).popMarks.some((mark) => mark.on)))
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations)).toEqual([50]);
  await expect(heart).not.toHaveClass(/is-popping/, { timeout: 2000 });
  const marks = await page.evaluate(() => (window as unknown as { popMarks: Array<{ on: boolean; at: number }> }).popMarks);
  const on = marks.find((mark) => mark.on);
  const off = marks.find((mark) => !mark.on && on && mark.at > on.at);
  expect(on && off).toBeTruthy();
  const popped = (off?.at ?? 0) - (on?.at ?? 0);
  expect(popped).toBeGreaterThanOrEqual(550);
  expect(popped).toBeLessThan(1200);

  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.waitForTimeout(100);
  await expect(heart).not.toHaveClass(/is-popping/);
  expect(await page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations)).toEqual([50]);
});

test("a first visit loads without touching browser storage or reading cookies; a visitor's favourite still shows on the next page", async ({
  page,
}) => {
  // Counts every use of localStorage and sessionStorage by the page (the first one of each makes the
  // browser check, synchronously with its main process, that the site may store data) and every
  // read of document.cookie (a synchronous call to the browser's network service; the page asks
  // the Cookie Store API instead, which answers without holding the main thread).
  await page.addInitScript(() => {
    const touches: string[] = [];
    (window as unknown as { storageTouches: string[] }).storageTouches = touches;
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      const owner = Object.getOwnPropertyDescriptor(window, name) ? window : Window.prototype;
      const original = Object.getOwnPropertyDescriptor(owner, name);
      Object.defineProperty(owner, name, {
        configurable: true,
        get() {
          touches.push(name);
          return original?.get?.call(this);
        },
      });
    }
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() {
        touches.push('cookie read');
        return cookie?.get?.call(this);
      },
      set(value: string) {
        cookie?.set?.call(this, value);
      },
    });
  });
  const product = await createE2eProduct({ name: 'Serra Primeira Visita' });
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  await page.waitForLoadState('networkidle');
  const heart = page.locator(`button[data-favourite="${product.id}"]`).first();
  await expect(heart).toHaveAttribute('aria-label', /.+/);
  await expect(page.locator('[data-toasts][data-ready]')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { storageTouches: string[] }).storageTouches)).toEqual([]);

  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // The counter does see the page's storage: the favourite was written there.
  expect(await page.evaluate(() => (window as unknown as { storageTouches: string[] }).storageTouches)).toContain('localStorage');
  await page.goto(storefrontUrl('br', `/produto/${product.slug}`));
  await expect(page.locator(`button[data-favourite="${product.id}"]`).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('favourites-badge').first()).toHaveText('1');
});
