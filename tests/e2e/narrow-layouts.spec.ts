import { expect, test, type Locator } from '@playwright/test';
import { createBuyer, createCartFor, getDeliveryToken, signIn, startCheckoutRequest } from './support/checkout.ts';
import { waitForIslands } from './support/accounts.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

/**
 * Label/value lists on phones: each label above its value (side by side at 360 px an e-mail, a
 * phone number or a date broke mid-word); side by side from 480 px.
 */
async function expectLabelsAboveValues(list: Locator, isMobile: boolean) {
  const pairs = await list.evaluate((dl) =>
    Array.from(dl.querySelectorAll('dt')).map((dt) => {
      const dd = dt.nextElementSibling as HTMLElement;
      const a = dt.getBoundingClientRect();
      const b = dd.getBoundingClientRect();
      return { labelBottom: a.bottom, labelTop: a.top, valueTop: b.top };
    }),
  );
  expect(pairs.length).toBeGreaterThan(2);
  for (const pair of pairs) {
    if (isMobile) expect(pair.valueTop).toBeGreaterThanOrEqual(pair.labelBottom - 1);
    else expect(Math.abs(pair.valueTop - pair.labelTop)).toBeLessThan(2);
  }
}

test('profile: the page title says "Minha conta" once and the personal data reads well at every width', async ({
  page,
  context,
  isMobile,
}) => {
  const buyer = await createBuyer(1);
  await signIn(context, 'br', buyer.token);
  await page.goto(storefrontUrl('br', '/perfil'));
  await expect(page).toHaveTitle(/^Minha conta(?! \| Minha conta)/);
  await expectLabelsAboveValues(page.locator('dl.acc-dl'), isMobile);
});

test('order page: the header details read well at every width', async ({ page, context, isMobile }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  const quote = { currencyId: 3, type: 'pickup' as const, serviceId: null, priceMinor: 0 };
  await startCheckoutRequest(page, 'es', cart.externalId, {
    token_entrega: getDeliveryToken(cart.externalId, quote),
    valor_frete: 0,
    forma_pagamento: 'card',
    parcelas: 1,
  });
  const order = (await getTestDb().query<{ external_id: string }>('SELECT external_id FROM orders WHERE customer_id = $1', [buyer.id]))
    .rows[0]!;
  await page.goto(storefrontUrl('es', `/pedido/${order.external_id}`));
  await expectLabelsAboveValues(page.locator('article.order header dl'), isMobile);
});

test('the cart badge stays clear of the language button beside it', async ({ page, context }) => {
  const buyer = await createBuyer(0);
  await signIn(context, 'es', buyer.token);
  const cart = await createCartFor(buyer.id, 3);
  await context.addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(storefrontUrl('es', '/'));
  const badge = page.locator('.site-header__actions').getByTestId('cart-badge');
  await expect(badge).toHaveText('1');
  const badgeBox = (await badge.boundingBox())!;
  const languageBox = (await page.locator('.site-header__actions .lang').boundingBox())!;
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(languageBox.x);
});

test('category cards sharing a row on /produtos are the same height', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/produtos'));
  const boxes = await page.locator('.category-grid a').evaluateAll((links) =>
    links.map((link) => {
      const rect = link.getBoundingClientRect();
      return { top: Math.round(rect.top), height: Math.round(rect.height) };
    }),
  );
  expect(boxes.length).toBeGreaterThan(3);
  const rows = new Map<number, number[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.height]);
  for (const heights of rows.values()) expect(new Set(heights).size).toBe(1);
});

test('registration: the document file fields stay inside their fieldset on a phone @phone', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/cadastro'));
  await waitForIslands(page);
  const faces = page.locator('.acc-file__face');
  await expect(faces).toHaveCount(2);
  const overhangs = await faces.evaluateAll((spans) =>
    spans.map((face) => face.getBoundingClientRect().right - face.closest('fieldset')!.getBoundingClientRect().right),
  );
  for (const overhang of overhangs) expect(overhang).toBeLessThan(0);
});
