import { randomBytes } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import pg from 'pg';
import { convertMinor, formatPrice, type RateLike } from '#lib/money.ts';
import { openStaffContext } from './support/staff-session.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { createTestPool } from '../support/test-pool.ts';

// A shop on a database of its own: changing the G$ rate here would move every price the other
// specs compute from the shared database's rates while they run.
let shop: ShopProcess;
let db: pg.Pool;
let databaseName: string;
/** The worker's PostgreSQL (each Playwright worker has its own stack, set before its tests run). */
const getServerUrl = () => new URL(process.env.TEST_APP_DATABASE_URL ?? '');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseName = `fronteira_settings_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: getServerUrl().toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = getServerUrl();
  url.pathname = `/${databaseName}`;
  shop = await startShopProcess(url.toString(), { SEED: '1' });
  db = createTestPool({ connectionString: url.toString(), max: 2 });
});

test.afterAll(async () => {
  await db?.end();
  await shop?.stop();
});

const at = (host: 'br' | 'es', path: string) => `http://${host}.localhost:${shop.port}${path}`;

/** A signed-in admin of this shop (session written straight into its database; sign-in has its own tests). */
const openAdmin = (browser: Browser, host: 'br' | 'es', locale: 'es-PY' | 'pt-BR') => openStaffContext(browser, host, 'admin', locale, db);

test('@desktop an admin changes the G$ rate and the product page shows the new converted price on the next load', async ({
  browser,
  page,
}) => {
  const {
    rows: [product],
  } = await db.query<{ slug: string; price_minor: string }>(
    'SELECT slug, price_minor FROM products WHERE currency_id = 2 AND show_price AND active ORDER BY id LIMIT 1',
  );
  const {
    rows: [current],
  } = await db.query<{ rate: string }>('SELECT rate FROM exchange_rates WHERE source_currency_id = 2 AND target_currency_id = 3');
  const newRate = Math.round(Number(current!.rate)) + 250;
  const price = (rate: number) => {
    const rates: RateLike[] = [{ source_currency: { id: 2 }, target_currency: { id: 3 }, tax: rate }];
    return formatPrice(convertMinor(Number(product!.price_minor), 2, 3, rates) ?? Number.NaN, 3);
  };
  // G$ is the Spanish host's primary currency (decision 1220): the main price.
  await page.goto(at('es', `/produto/${product!.slug}`));
  await expect(page.getByTestId('product-price')).toHaveText(price(Number(current!.rate)));

  const admin = await openAdmin(browser, 'es', 'es-PY');
  const panel = await admin.newPage();
  await panel.goto(at('es', '/painel/catalogo/cotacoes'));
  await panel.getByLabel('G$ por U$ 1').fill(String(newRate));
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(panel.getByTestId('settings-outcome')).toHaveText('Cambios guardados. La tienda ya muestra la nueva versión.');
  await expect(panel.getByTestId('rates-history').locator('tbody tr').first()).toContainText(String(newRate));
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('product-price')).toHaveText(price(newRate));
});
