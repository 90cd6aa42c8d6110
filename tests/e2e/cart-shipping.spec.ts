import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';
import { createE2eProduct, seedBrowserCart, waitForIslands } from './support/cart.ts';

test('es: shipping for a Paraguayan city lists delivery options and pickup points, and the choice survives a reload', async ({ page }) => {
  const product = await createE2eProduct({ stock: 3, name: 'Compressor de ar envío' });
  await page.goto(storefrontUrl('es', '/carrinho'));
  await seedBrowserCart(page, [{ id: product.id, qtde: 1 }], 3);
  await page.reload();
  await waitForIslands(page);
  const calculator = page.locator('section.shipping');
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByLabel('Departamento', { exact: true }).selectOption({ label: 'Alto Paraná' });
  await calculator.getByLabel('Ciudad', { exact: true }).selectOption({ label: 'Ciudad del Este' });
  const options = calculator.locator('.shipping__option');
  await expect(options.first()).toContainText('Envío Fronteira Express');
  await expect(options.first()).toContainText('G$ 20.000');
  await expect(options.first().getByRole('radio')).toBeChecked(); // the first option is chosen
  await expect(calculator.getByTestId('shipping-cost')).toHaveText('G$ 20.000');
  await expect(options.last()).toContainText('Retiro en la tienda');
  await expect(options.last()).toContainText('Gratis');

  await calculator.locator('[data-option="pickup_point"]').getByRole('radio').check();
  const points = calculator.getByRole('list', { name: 'Puntos de retiro' });
  await expect(points.getByRole('listitem')).toHaveCount(2);
  await expect(points).toContainText('Fronteira Punto Centro');
  await expect(points).toContainText('Horario:');
  await points.getByRole('radio').nth(1).check();
  await expect(calculator.getByTestId('shipping-cost')).toHaveText('G$ 15.000');

  await page.reload();
  await waitForIslands(page);
  await page.locator('section.shipping').scrollIntoViewIfNeeded();
  const again = page.locator('section.shipping');
  await expect(again.getByLabel('Ciudad', { exact: true })).toHaveValue(/\d+/);
  await expect(again.locator('[data-option="pickup_point"]').getByRole('radio').first()).toBeChecked();
  await expect(again.getByRole('list', { name: 'Puntos de retiro' }).getByRole('radio').nth(1)).toBeChecked();
});

test("es: a page rendered without the cart's items still shows the calculator once the cart arrives", async ({ page }) => {
  const product = await createE2eProduct({ stock: 3, name: 'Sierra envío tardío' });
  await page.goto(storefrontUrl('es', '/carrinho'));
  await seedBrowserCart(page, [{ id: product.id, qtde: 1 }], 3);
  // The server renders an empty cart (as when its read fails); this browser still knows the cart.
  await page.context().clearCookies({ name: 'fronteira_cart' });
  await page.reload();
  await expect(page.getByText('Sierra envío tardío')).toBeVisible();
  const calculator = page.locator('section.shipping');
  await calculator.scrollIntoViewIfNeeded();
  await expect(calculator.getByLabel('Departamento', { exact: true })).toBeVisible();
});

test('es: a department without delivery offers pickup only with a notice', async ({ page }) => {
  const product = await createE2eProduct({ stock: 3 });
  await page.goto(storefrontUrl('es', '/carrinho'));
  await seedBrowserCart(page, [{ id: product.id, qtde: 1 }], 3);
  await page.reload();
  await waitForIslands(page);
  const calculator = page.locator('section.shipping');
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByLabel('Departamento', { exact: true }).selectOption({ label: 'Alto Paraguay' });
  await calculator.getByLabel('Ciudad', { exact: true }).selectOption({ label: 'Fuerte Olimpo' });
  await expect(calculator.getByText('No hay entrega disponible para esta dirección: solo retiro.')).toBeVisible();
  await expect(calculator.getByText('No hay puntos de retiro en esta ciudad.')).toBeVisible();
  await expect(calculator.locator('.shipping__option')).toHaveCount(1);
});

test('br: Brazilian shoppers get store pickup only', async ({ page }) => {
  const product = await createE2eProduct({ stock: 3 });
  await page.goto(storefrontUrl('br', '/carrinho'));
  await seedBrowserCart(page, [{ id: product.id, qtde: 1 }], 2);
  await page.reload();
  await waitForIslands(page);
  const calculator = page.locator('section.shipping');
  await calculator.scrollIntoViewIfNeeded();
  await expect(calculator.getByText('Compras do Brasil: somente retirada na loja física.')).toBeVisible();
  await expect(calculator.locator('select')).toHaveCount(0);
  await expect(calculator.locator('.shipping__option')).toHaveCount(1);
  await expect(calculator.locator('.shipping__option')).toContainText('Retirada na loja');
  await expect(calculator.getByTestId('shipping-cost')).toHaveText('Grátis');
});

test('es product page: the departments come with the page, the calculator loads on first touch, and a saved city is shown again on the next visit', async ({
  page,
}) => {
  const product = await createE2eProduct({ stock: 3, name: 'Taladro envío producto' });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(storefrontUrl('es', `/produto/${product.slug}`));
  await page.waitForLoadState('networkidle');
  const calculator = page.locator('section.shipping');
  const department = calculator.getByLabel('Departamento', { exact: true });
  await expect(department.locator('option')).toHaveCount(19); // 'choose' + the 18 departments, before any script ran
  expect(scripts.filter((url) => /\/_astro\/(react|ProductShipping)\./.test(url))).toEqual([]);

  // The first choice is the touch that loads the calculator: it must not be lost.
  await department.selectOption({ label: 'Alto Paraná' });
  await calculator.getByLabel('Ciudad', { exact: true }).selectOption({ label: 'Ciudad del Este' });
  const options = calculator.locator('.shipping__option');
  await expect(options.first()).toContainText('Envío Fronteira Express');
  await expect(options.first()).toContainText('1 día hábil');
  await expect(options.last()).toContainText('Retiro en la tienda');

  await page.reload();
  const again = page.locator('section.shipping');
  await expect(again.getByLabel('Ciudad', { exact: true })).toHaveValue(/\d+/); // restored without a touch
  await expect(again.getByLabel('Departamento', { exact: true }).locator('option:checked')).toHaveText('Alto Paraná');
  await expect(again.locator('.shipping__option').first()).toContainText('Envío Fronteira Express');
});
