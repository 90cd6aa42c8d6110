// Issue 33 points 2 and 9, on an empty store (SEED=0): the panel's home shows a setup checklist
// while the store is not ready, and a dashboard whose sales count paid orders only (PAGO,
// ENVIADO, RETIRADO), as do the order desk's totals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, getTestDb, useOwnStack } from '../support/api.ts';
import { createRucCustomer } from '../support/expired-orders.ts';
import { waitForMail } from '../support/mail.ts';
import { createSignedInStaff, postForm } from '../support/staff.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let cookie: string;
let adminEmail: string;
beforeAll(async () => {
  stack = await startTestStack({ SEED: '0' });
  useOwnStack(stack);
  const admin = await createSignedInStaff('admin');
  cookie = admin.cookie;
  adminEmail = admin.staff.email;
}, 90_000);
afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

const panelPage = async (path: string) => {
  const response = await api(path, { host: 'es', headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
};
/** The text of the element carrying data-testid, tags stripped, spaces collapsed. */
const textOf = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return '';
  const tag = html.lastIndexOf('<', start);
  const name = html.slice(tag + 1).match(/^[a-z0-9]+/)?.[0] ?? 'div';
  let depth = 0;
  const pattern = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
  pattern.lastIndex = tag;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0)
      return html
        .slice(tag, match.index)
        .replace(/<[^>]+>/g, ' ')
        .replace(/&nbsp;|\s+/g, ' ')
        .trim();
  }
  return '';
};

describe('the setup checklist of an empty store', () => {
  it('lists what is missing, each item linked, and queues a test e-mail to the admin', async () => {
    // migration 0203 ships delivery rates and pickup points; a store that turned its points off lacks them
    const before = await panelPage('/painel');
    expect(before).toMatch(/<li data-setup="deliveryRates" data-done="true"/);
    expect(before).toMatch(/<li data-setup="pickupPoints" data-done="true"/);
    await getTestDb().query('UPDATE pickup_points SET active = false');
    const home = await panelPage('/painel');
    const item = (key: string) => home.match(new RegExp(`<li data-setup="${key}" data-done="(true|false)"[^>]*>([\\s\\S]*?)</li>`));
    for (const [key, href] of [
      ['rates', '/painel/catalogo/cotacoes'],
      ['pickupPoints', '/painel/catalogo/frete'],
      ['productPictures', '/painel/catalogo/fotos'],
    ] as const) {
      expect(item(key)?.[1], key).toBe('false');
      expect(item(key)?.[2], key).toContain(`href="${href}"`);
    }
    // the test stack runs the sandbox on both storefronts and an SMTP catcher: read from the configuration
    expect(item('gateways')?.[1]).toBe('false');
    expect(item('gateways')?.[2]).toContain('PAYMENT_PROVIDER_BR=sandbox');
    expect(item('email')?.[1]).toBe('true');
    expect(item('secondFactor')?.[1]).toBe('true');
    expect(item('deliveryRates')?.[2]).toContain('href="/painel/catalogo/frete"');
    expect(item('rates')?.[2]).toContain('Por hacer');

    const sent = await postForm('/painel/correio-teste', {}, { cookie });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/painel?correio=enviado');
    expect(await panelPage('/painel?correio=enviado')).toContain(`Correo de prueba enviado a ${adminEmail}.`);
    const mail = await waitForMail(stack.dataDir, adminEmail);
    expect(mail.subject).toBe('Fronteira: correo de prueba');
  });

  it('is refused to the counter role, which sees no checklist', async () => {
    const counter = await createSignedInStaff('counter');
    expect((await postForm('/painel/correio-teste', {}, { cookie: counter.cookie })).status).toBe(403);
    const home = await (await api('/painel', { host: 'es', headers: { cookie: counter.cookie } })).text();
    expect(home).not.toContain('data-testid="setup-checklist"');
  });
});

describe('the dashboard and the desk count paid orders only', () => {
  beforeAll(async () => {
    const db = getTestDb();
    const customer = await createRucCustomer(db, 'dashboard@example.test');
    const order = (status: string, total: number, delivery: string, paidAt: string | null, currency = 3, locale = 'es-PY') =>
      db.query(
        `INSERT INTO orders (customer_id, currency_id, items_total_minor, shipping_minor, total_minor, delivery_type, payment_method, locale, status, paid_at, created_at)
         VALUES ($1, $2, $3, 0, $3, $4, 'card', $5, $6, ${paidAt ?? 'NULL'}, coalesce(${paidAt ?? 'NULL'}, now()))`,
        [customer, currency, total, delivery, locale, status],
      );
    await order('PAGO', 100_000, 'pickup', 'now()'); // to hand over
    await order('PAGO', 50_000, 'delivery', 'now()'); // to ship
    await order('ENVIADO', 250_000, 'delivery', 'now()');
    await order('RETIRADO', 5_000, 'pickup', 'now()', 2, 'pt-BR'); // U$ 50,00 on the Brazilian storefront
    await order('PAGAMENTO', 999_000, 'pickup', null); // waiting for payment
    await order('CANCELADO', 777_000, 'pickup', null);
    await order('ESTORNADO', 555_000, 'delivery', 'now()'); // paid, then refunded: no sale
    await order('ENVIADO', 300_000, 'delivery', "now() - interval '40 days'"); // a sale, before this month and the chart
    const brand = await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ('dash', 'Dash') RETURNING id`);
    const category = await db.query<{ id: number }>(
      `INSERT INTO categories (slug, name_pt, name_es) VALUES ('dash', 'Dash', 'Dash') RETURNING id`,
    );
    await db.query(
      `INSERT INTO products (code, slug, name_pt, name_es, price_minor, stock, brand_id, category_id)
       VALUES ('LOW-1', 'low-1', 'Serra quase esgotada', 'Sierra casi agotada', 1000, 2, $1, $2),
              ('FULL-1', 'full-1', 'Serra cheia', 'Sierra llena', 1000, 40, $1, $2)`,
      [brand.rows[0]!.id, category.rows[0]!.id],
    );
  });

  it('shows today and this month per storefront, the queues, low stock and the 30-day chart', async () => {
    const home = await panelPage('/painel');
    expect(home).toContain('Solo pedidos pagados, enviados o retirados');
    const today = textOf(home, 'sales-today');
    expect(today).toContain('Brasil (br) 1 U$ 50,00');
    expect(today).toContain('Paraguay (es) 3 G$ 400.000');
    // this month holds today's sales (the refunded one and the one 40 days ago are not)
    expect(textOf(home, 'sales-thisMonth')).toContain('Paraguay (es) 3 G$ 400.000');
    expect(textOf(home, 'queue-waitingPayment')).toMatch(/ 1$/);
    expect(textOf(home, 'queue-toShip')).toMatch(/ 1$/);
    expect(textOf(home, 'queue-toHandOver')).toMatch(/ 1$/);
    const lowStock = textOf(home, 'low-stock');
    expect(lowStock).toContain('LOW-1 Sierra casi agotada 2');
    expect(lowStock).not.toContain('FULL-1');
    // the chart is an SVG drawn on the server, 30 bars, with the same figures as a table
    expect(home.match(/<svg[^>]*data-testid="sales-chart"[\s\S]*?<\/svg>/)?.[0].match(/<rect /g)).toHaveLength(30);
    const table = textOf(home, 'sales-chart-table');
    expect(table.match(/\d{1,2}\/\d{2} \d+ /g)).toHaveLength(30);
    expect(table).toMatch(/\d{1,2}\/\d{2} 4 U\$ 50,00 · G\$ 400\.000$/);
    expect(table).not.toContain('300.000');
  });

  it("the desk's totals sum the paid orders it lists and say so", async () => {
    const desk = await panelPage('/painel/pedidos');
    expect(textOf(desk, 'desk-count')).toBe('8 pedidos');
    const totals = textOf(desk, 'desk-totals');
    expect(totals).toContain('Ventas pagadas por moneda: U$ 50,00 · G$ 700.000');
    expect(totals).toContain('sin los que esperan pago, cancelados ni reembolsados');
    expect(textOf(await panelPage('/painel/pedidos?status=CANCELADO'), 'desk-totals')).toBe('');
  });
});
