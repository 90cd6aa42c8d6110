import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor, formatPrice, toMinor, type RateLike } from '#lib/money.ts';
import { api, apiJson, getTestDb, useOwnStack } from '../support/api.ts';
import { newExternalId } from '../support/cart-fixtures.ts';
import { createSignedInStaff, postForm } from '../support/staff.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

// A shop of its own: these tests change prices, names and exchange rates, which other files
// running at the same time read from the shared catalogue.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  useOwnStack(stack);
}, 90_000);
afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

interface ProductState {
  id: number;
  code: string;
  slug: string;
  price_minor: string;
  currency_id: number;
  stock: number;
  name_es: string;
  description_es: string;
  active: boolean;
}

// Amounts are read as text (bigint and numeric come back as PostgreSQL writes them), whatever
// parsers the test pool has.
async function pickProduct(offset: number): Promise<ProductState> {
  const { rows } = await getTestDb().query<ProductState>(
    `SELECT id, code, slug, price_minor::text AS price_minor, currency_id, stock, name_es, description_es, active FROM products
      WHERE currency_id = 2 AND show_price ORDER BY id OFFSET $1 LIMIT 1`,
    [offset],
  );
  return rows[0]!;
}
const readProduct = async (id: number) =>
  (
    await getTestDb().query<ProductState>(
      'SELECT id, code, slug, price_minor::text AS price_minor, currency_id, stock, name_es, description_es, active FROM products WHERE id = $1',
      [id],
    )
  ).rows[0]!;
const readAudit = async (entityType: string, entityId: string | number) =>
  (
    await getTestDb().query<{ action: string; actor: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      'SELECT action, actor, before, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id',
      [entityType, String(entityId)],
    )
  ).rows;
/** The hidden version of the (first) form on a panel page. */
async function readVersion(path: string, cookie: string, formTestId = ''): Promise<string> {
  const html = await (await api(path, { host: 'es', headers: { cookie } })).text();
  const from = formTestId ? html.indexOf(`data-testid="${formTestId}"`) : 0;
  const version = html.slice(from).match(/name="versao" value="([^"]*)"/)?.[1];
  if (!version) throw new Error(`no version on ${path}`);
  return version;
}
const productFields = (product: ProductState, version: string, change: Record<string, string> = {}) => ({
  versao: version,
  preco: (Number(product.price_minor) / 100).toFixed(2),
  moeda: '2',
  estoque: String(product.stock),
  mostrar_preco: 'on',
  ativo: 'on',
  nome_pt: `${product.name_es} pt`,
  nome_es: product.name_es,
  descricao_pt: '',
  descricao_es: product.description_es,
  ...change,
});

describe('catalogue settings: products', () => {
  it('an admin edits price, stock, names and description: saved, sanitised, audited, on the storefront at once', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const product = await pickProduct(0);
    const path = `/painel/catalogo/produtos/${product.id}`;
    // the storefront reads it first, so any cache holds the old price
    expect(
      (await apiJson<{ valor_venda: number }>(`/api/public/products/${product.id}/details?lang=es`, { host: 'es' })).body.valor_venda,
    ).toBe(Number(product.price_minor) / 100);
    const saved = await postForm(
      path,
      productFields(product, await readVersion(path, cookie), {
        preco: '1.234,50',
        estoque: '17',
        nome_es: 'Taladro editado',
        descricao_es: '<p onclick="steal()">Potente<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
      }),
      { cookie },
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${path}?feito=1`);
    const after = await readProduct(product.id);
    expect(after).toMatchObject({ price_minor: '123450', stock: 17, name_es: 'Taladro editado' });
    expect(after.description_es).toBe('<p>Potente <a rel="noopener noreferrer nofollow">x</a></p>');
    const audit = await readAudit('product', product.code);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'product.update',
      actor: staff.email,
      before: { stock: product.stock },
      after: { stock: 17, price_minor: 123450 },
    });
    const shop = await apiJson<{ valor_venda: number; nome: string }>(`/api/public/products/${product.id}/details?lang=es`, { host: 'es' });
    expect(shop.body).toMatchObject({ valor_venda: 1234.5, nome: 'Taladro editado' });
    const page = await (await api(`${path}?feito=1`, { host: 'es', headers: { cookie } })).text();
    expect(page).toContain('Cambios guardados');
  });

  it('bad input is refused per field in the staff language, the rest of the input comes back, nothing is saved', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await pickProduct(1);
    const path = `/painel/catalogo/produtos/${product.id}`;
    const refused = await postForm(
      path,
      productFields(product, await readVersion(path, cookie), {
        preco: 'doce',
        estoque: '-3',
        nome_pt: '',
        nome_es: 'Nombre que no se pierde',
      }),
      { cookie },
    );
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('Corrige los campos marcados: no se guardó nada.');
    expect(html).toContain('Ingresa un valor de 0 a 999.999.999 con hasta 2 decimales.');
    expect(html).toContain('Ingresa un número entero de 0 a 1.000.000.000.');
    expect(html).toContain('Completa este campo.');
    expect(html).toContain('value="Nombre que no se pierde"');
    expect(html).toContain('value="doce"');
    expect(await readProduct(product.id)).toEqual(product);
    expect(await readAudit('product', product.code)).toEqual([]);
  });

  it('an ambiguous amount is refused with a field message, never read x1000; the form takes back the price it shows', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await pickProduct(6);
    const path = `/painel/catalogo/produtos/${product.id}`;
    const version = await readVersion(path, cookie);
    const refused = await postForm(path, productFields(product, version, { preco: '1.500' }), { cookie });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('Valor ambiguo: 1.500 puede ser 1,5 o 1500. Escribe 1500 (sin punto) o 1,5 (con coma).');
    expect(html).toContain('value="1.500"');
    expect(await readProduct(product.id)).toEqual(product);
    // the field shows the price with a decimal comma, and sending the form unchanged keeps it
    const form = await (await api(path, { host: 'es', headers: { cookie } })).text();
    const shown = form.match(/name="preco"[^>]*value="([^"]*)"/)?.[1];
    expect(shown).toBe((Number(product.price_minor) / 100).toFixed(2).replace('.', ','));
    expect((await postForm(path, productFields(product, version, { preco: shown! }), { cookie })).status).toBe(303);
    expect((await readProduct(product.id)).price_minor).toBe(product.price_minor);
    const rates = await postForm(
      '/painel/catalogo/cotacoes',
      { versao: '1', cotacao_1: '5,4', cotacao_3: '7.300', cotacao_4: '1180' },
      { cookie },
    );
    expect(rates.status).toBe(422);
    expect(await rates.text()).toContain('Valor ambiguo: 1.500 puede ser 1,5 o 1500.');
  });

  it("a refused price's message sits under the price, before the next field (on a phone it read as the stock's)", async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await pickProduct(1);
    const path = `/painel/catalogo/produtos/${product.id}`;
    const refused = await postForm(path, productFields(product, await readVersion(path, cookie), { preco: '-5' }), { cookie });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    const at = (pattern: RegExp) => html.search(pattern);
    expect(at(/name="preco"/)).toBeGreaterThan(0);
    expect(at(/id="err-preco"/)).toBeGreaterThan(at(/name="preco"/));
    expect(at(/id="err-preco"/)).toBeLessThan(at(/name="moeda"/));
    expect(await readProduct(product.id)).toEqual(product);
  });

  it('a stale form is refused with "changed meanwhile": the other edit stays, the staff input comes back', async () => {
    const [first, second] = await Promise.all([createSignedInStaff('admin'), createSignedInStaff('admin')]);
    const product = await pickProduct(2);
    const path = `/painel/catalogo/produtos/${product.id}`;
    const seen = await readVersion(path, second.cookie);
    expect(
      (await postForm(path, productFields(product, await readVersion(path, first.cookie), { estoque: '40' }), { cookie: first.cookie }))
        .status,
    ).toBe(303);
    const stale = await postForm(path, productFields(product, seen, { estoque: '2', nome_es: 'Mi cambio' }), { cookie: second.cookie });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain('Otra persona cambió este registro mientras lo editabas.');
    expect(html).toContain('value="Mi cambio"');
    expect(await readProduct(product.id)).toMatchObject({ stock: 40, name_es: product.name_es });
    expect(await readAudit('product', product.code)).toHaveLength(1);
    // the form came back with the row's new version: sending it again saves on purpose
    const version = html.match(/name="versao" value="([^"]*)"/)?.[1] ?? '';
    expect(
      (await postForm(path, productFields(product, version, { estoque: '2', nome_es: 'Mi cambio' }), { cookie: second.cookie })).status,
    ).toBe(303);
    expect(await readProduct(product.id)).toMatchObject({ stock: 2, name_es: 'Mi cambio' });
  });

  it('an inactive product leaves the shop: its page answers 404 and listings skip it', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const product = await pickProduct(3);
    const path = `/painel/catalogo/produtos/${product.id}`;
    expect((await postForm(path, productFields(product, await readVersion(path, cookie), { ativo: '' }), { cookie })).status).toBe(303);
    expect((await api(`/api/public/products/${product.id}/details?lang=es`, { host: 'es' })).status).toBe(404);
    const listing = await apiJson<{ data: { id: number }[] }>(`/api/public/products?text=${encodeURIComponent(product.code)}&lang=es`, {
      host: 'es',
    });
    expect(listing.body.data.map((row) => row.id)).not.toContain(product.id);
    const panel = await (
      await api(`/painel/catalogo/produtos?q=${encodeURIComponent(product.code)}`, { host: 'es', headers: { cookie } })
    ).text();
    expect(panel).toContain(`data-product-code="${product.code}"`);
    expect(panel).toContain('Inactivo');
    // nor can a shopper put it in a cart: it reads as out of stock
    const cart = await apiJson<{ message: string }>('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'es',
      json: {
        external_id: newExternalId(),
        filial_id: 1,
        moeda_id: 2,
        itens: [{ produto_id: product.id, qtde: 1, armazem_id: 1, ativo: true }],
      },
    });
    expect(cart.status).toBe(422);
    expect(cart.body.message).toBe('¡Este producto no tiene stock disponible!');
  });

  it('counter staff cannot open or post the settings pages', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const product = await pickProduct(4);
    for (const page of [
      '/painel/catalogo/produtos',
      `/painel/catalogo/produtos/${product.id}`,
      '/painel/catalogo/categorias',
      '/painel/catalogo/cotacoes',
      '/painel/catalogo/frete',
    ]) {
      expect((await api(page, { host: 'es', headers: { cookie } })).status, page).toBe(403);
    }
    const posted = await postForm(`/painel/catalogo/produtos/${product.id}`, productFields(product, '1', { estoque: '999' }), { cookie });
    expect(posted.status).toBe(403);
    const rate = await postForm('/painel/catalogo/cotacoes', { versao: '1', cotacao_1: '1', cotacao_3: '1', cotacao_4: '1' }, { cookie });
    expect(rate.status).toBe(403);
    expect(await readProduct(product.id)).toEqual(product);
  });
});

describe('catalogue settings: categories and departments', () => {
  it('names, order, menu visibility and a sanitised icon reach the menu data; a non-SVG icon is refused', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const {
      rows: [category],
    } = await getTestDb().query<{ id: number; name_pt: string }>(
      'SELECT id, name_pt FROM categories WHERE NOT special ORDER BY id LIMIT 1',
    );
    const version = await readVersion('/painel/catalogo/categorias', cookie, `form-categoria-${category!.id}`);
    const icon =
      '<svg viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><image href="https://evil.example/x.png"/><path d="M0 0h24v24H0z"/></svg>';
    const fields = {
      tipo: 'categoria',
      id: String(category!.id),
      versao: version,
      nome_pt: 'Ferramentas novas',
      nome_es: 'Herramientas nuevas',
      ordem: '3',
      icone: icon,
    };
    const bad = await postForm('/painel/catalogo/categorias', { ...fields, icone: '<img src=x onerror=alert(1)>' }, { cookie });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('El ícono debe ser un dibujo SVG');
    expect((await postForm('/painel/catalogo/categorias', fields, { cookie })).status).toBe(303);
    const {
      rows: [stored],
    } = await getTestDb().query<{ icon_svg: string; menu_visible: boolean; position: number }>(
      'SELECT icon_svg, menu_visible, position FROM categories WHERE id = $1',
      [category!.id],
    );
    expect(stored).toEqual({
      icon_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"></path></svg>',
      menu_visible: false,
      position: 3,
    });
    const start = await apiJson<{ categories: { id: number; name: string; visivel_menu: boolean }[] }>('/api/public/start?lang=es', {
      host: 'es',
    });
    expect(start.body.categories.find((row) => row.id === category!.id)).toMatchObject({
      name: 'Herramientas nuevas',
      visivel_menu: false,
    });
    expect(await readAudit('category', category!.id)).toEqual([expect.objectContaining({ action: 'category.update', actor: staff.email })]);
  });

  it('a department edit is saved and a stale one refused', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const {
      rows: [department],
    } = await getTestDb().query<{ id: number; name_pt: string; name_es: string; position: number }>(
      'SELECT id, name_pt, name_es, position FROM departments ORDER BY id LIMIT 1',
    );
    const version = await readVersion('/painel/catalogo/categorias', cookie, `form-departamento-${department!.id}`);
    const fields = {
      tipo: 'departamento',
      id: String(department!.id),
      versao: version,
      nome_pt: department!.name_pt,
      nome_es: 'Depto editado',
      ordem: '1',
      icone: '',
    };
    expect((await postForm('/painel/catalogo/categorias', fields, { cookie })).status).toBe(303);
    const stale = await postForm('/painel/catalogo/categorias', { ...fields, nome_es: 'Otro' }, { cookie });
    expect(stale.status).toBe(409);
    expect((await getTestDb().query('SELECT name_es FROM departments WHERE id = $1', [department!.id])).rows[0]).toEqual({
      name_es: 'Depto editado',
    });
  });
});

describe('catalogue settings: exchange rates', () => {
  it('a new G$ rate is kept in the history, audited, shown on /cotacoes and used for prices at once', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const product = await pickProduct(5);
    const path = '/painel/catalogo/cotacoes';
    // read before: the shop's caches now hold the old rate
    await apiJson(`/api/public/products/${product.id}/details?lang=es&moeda_id=3`, { host: 'es' });
    const current = new Map(
      (
        await getTestDb().query<{ id: number; rate: string }>(
          'SELECT target_currency_id AS id, rate::text AS rate FROM exchange_rates WHERE source_currency_id = 2',
        )
      ).rows.map((r) => [r.id, r.rate]),
    );
    const newRate = Math.round(Number(current.get(3)) + 111);
    const fields = {
      versao: await readVersion(path, cookie),
      cotacao_1: String(Number(current.get(1))),
      cotacao_3: String(newRate),
      cotacao_4: String(Number(current.get(4))),
    };
    const bad = await postForm(path, { ...fields, cotacao_3: '0' }, { cookie });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Ingresa una cotización mayor que cero');
    const saved = await postForm(path, fields, { cookie });
    expect(saved.status).toBe(303);
    const history = (
      await getTestDb().query<{ rate: string; staff_email: string | null }>(
        'SELECT rate::text AS rate, staff_email FROM exchange_rate_history WHERE target_currency_id = 3 ORDER BY id',
      )
    ).rows;
    expect(history.at(-1)).toEqual({ rate: `${newRate}.000000`, staff_email: staff.email });
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(await readAudit('exchange_rate', 3)).toEqual([
      expect.objectContaining({ action: 'rate.update', actor: staff.email, after: expect.objectContaining({ rate: String(newRate) }) }),
    ]);
    // only the changed rate was written
    expect(await readAudit('exchange_rate', 1)).toEqual([]);
    const rates: RateLike[] = [{ source_currency: { id: 2 }, target_currency: { id: 3 }, tax: newRate }];
    const expected = convertMinor(Number(product.price_minor), 2, 3, rates) ?? Number.NaN;
    const shop = await apiJson<{ preco_atual: { formatado: string } }>(`/api/public/products/${product.id}/details?lang=es&moeda_id=3`, {
      host: 'es',
    });
    expect(shop.body.preco_atual.formatado).toBe(formatPrice(expected, 3));
    expect(await (await api('/cotacoes', { host: 'es' })).text()).toContain(formatPrice(toMinor(newRate, 3), 3));
    // the form seen before the save is stale now
    const stale = await postForm(path, { ...fields, cotacao_3: '5000' }, { cookie });
    expect(stale.status).toBe(409);
    expect(
      (await getTestDb().query('SELECT rate::int AS rate FROM exchange_rates WHERE source_currency_id = 2 AND target_currency_id = 3'))
        .rows[0],
    ).toEqual({ rate: newRate });
  });
});

describe('catalogue settings: shipping rates and pickup points', () => {
  const estimate = async (cityId: number) =>
    (
      await apiJson<
        {
          tipo: string;
          entrega_servico_id: number | null;
          valor: number;
          prazo: number;
          opcionais: { pontos_entrega: { nome: string; horario_atendimento: string }[] };
        }[]
      >(`/ecom/endereco/frete?cidade_id=${cityId}&moeda_id=3`, { host: 'es' })
    ).body;
  const cityOf = async (name: string) =>
    (
      await getTestDb().query<{ id: number; state_id: number }>(
        'SELECT c.id, c.state_id FROM cities c JOIN states s ON s.id = c.state_id WHERE s.country_id = 2 AND c.name = $1 LIMIT 1',
        [name],
      )
    ).rows[0]!;

  it('a rate edit and a new city rate reach the quotes at once; bad input and stale forms are refused', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    const cde = await cityOf('Ciudad del Este');
    const {
      rows: [rate],
    } = await getTestDb().query<{ id: number; service_id: number }>(
      'SELECT id, service_id FROM delivery_rates WHERE city_id = $1 ORDER BY service_id LIMIT 1',
      [cde.id],
    );
    expect((await estimate(cde.id)).some((option) => option.entrega_servico_id === rate!.service_id)).toBe(true);
    const version = await readVersion('/painel/catalogo/frete', cookie, `form-tarifa-${rate!.id}`);
    const bad = await postForm(
      '/painel/catalogo/frete',
      { tipo: 'tarifa', id: String(rate!.id), versao: version, preco: '12.345', prazo: '99' },
      { cookie },
    );
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Ingresa un número entero de 0 a 60.');
    expect(
      (
        await postForm(
          '/painel/catalogo/frete',
          { tipo: 'tarifa', id: String(rate!.id), versao: version, preco: '12.345', prazo: '3' },
          { cookie },
        )
      ).status,
    ).toBe(303);
    expect((await estimate(cde.id)).find((option) => option.entrega_servico_id === rate!.service_id)).toMatchObject({
      valor: 12345,
      prazo: 3,
    });
    expect(await readAudit('delivery_rate', rate!.id)).toEqual([
      expect.objectContaining({ action: 'shipping_rate.update', actor: staff.email, after: { price_minor: 12345, days: 3 } }),
    ]);
    const stale = await postForm(
      '/painel/catalogo/frete',
      { tipo: 'tarifa', id: String(rate!.id), versao: version, preco: '1', prazo: '1' },
      { cookie },
    );
    expect(stale.status).toBe(409);

    // a city of a department the own fleet does not serve gets a rate of its own
    const far = await cityOf('Encarnación');
    expect((await estimate(far.id)).some((option) => option.entrega_servico_id === 1)).toBe(false);
    const added = await postForm(
      '/painel/catalogo/frete',
      { tipo: 'nova_tarifa', servico: '1', destino: `c:${far.id}`, preco: '90000', prazo: '5' },
      { cookie },
    );
    expect(added.status).toBe(303);
    expect((await estimate(far.id)).find((option) => option.entrega_servico_id === 1)).toMatchObject({ valor: 90000, prazo: 5 });
    const twice = await postForm(
      '/painel/catalogo/frete',
      { tipo: 'nova_tarifa', servico: '1', destino: `c:${far.id}`, preco: '1', prazo: '1' },
      { cookie },
    );
    expect(twice.status).toBe(422);
    expect(await twice.text()).toContain('Este servicio ya tiene un envío para este destino');
  });

  it('a rate and a pickup point no order chose are deleted; a chosen point is refused, saying why', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const city = await cityOf('Pilar');
    const addRate = await postForm(
      '/painel/catalogo/frete',
      { tipo: 'nova_tarifa', servico: '1', destino: `c:${city.id}`, preco: '70000', prazo: '4' },
      { cookie },
    );
    expect(addRate.status).toBe(303);
    const rate = (await getTestDb().query<{ id: number }>('SELECT id FROM delivery_rates WHERE service_id = 1 AND city_id = $1', [city.id]))
      .rows[0]!;
    expect((await estimate(city.id)).find((option) => option.entrega_servico_id === 1)).toMatchObject({ valor: 70000 });
    expect((await postForm('/painel/catalogo/frete', { tipo: 'remover_tarifa', id: String(rate.id) }, { cookie })).status).toBe(303);
    expect((await estimate(city.id)).find((option) => option.entrega_servico_id === 1)?.valor).not.toBe(70000);
    expect((await readAudit('delivery_rate', rate.id)).map((row) => row.action)).toEqual(['shipping_rate.add', 'shipping_rate.delete']);

    const point = (nome: string) => ({
      tipo: 'ponto',
      id: '',
      versao: '',
      nome,
      endereco: 'Calle 1',
      cidade: String(city.id),
      horario_pt: 'Seg a sex',
      horario_es: 'Lun a vie',
      preco: '10000',
      prazo: '1',
      ativo: 'on',
    });
    const ids: number[] = [];
    for (const nome of ['Punto Pilar Libre', 'Punto Pilar Elegido']) {
      expect((await postForm('/painel/catalogo/frete', point(nome), { cookie })).status).toBe(303);
      ids.push((await getTestDb().query<{ id: number }>('SELECT id FROM pickup_points WHERE name = $1', [nome])).rows[0]!.id);
    }
    const [free, chosen] = ids as [number, number];
    const customer = (
      await getTestDb().query<{ id: number }>(
        `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document)
         VALUES ($1, 'x', 'Punto', 'Elegido', 0, 'RUC', '80012345-6') RETURNING id`,
        [`point-${Date.now().toString(36)}@example.test`],
      )
    ).rows[0]!;
    await getTestDb().query(
      `INSERT INTO orders (customer_id, currency_id, items_total_minor, shipping_minor, total_minor, delivery_type, pickup_point_id, payment_method, locale)
       VALUES ($1, 3, 100000, 10000, 110000, 'pickup_point', $2, 'card', 'es-PY')`,
      [customer.id, chosen],
    );
    expect((await postForm('/painel/catalogo/frete', { tipo: 'remover_ponto', id: String(free) }, { cookie })).status).toBe(303);
    const refused = await postForm('/painel/catalogo/frete', { tipo: 'remover_ponto', id: String(chosen) }, { cookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Este punto de retiro fue elegido en 1 pedido(s) y no se puede eliminar');
    const names = (await estimate(city.id)).flatMap((option) => option.opcionais?.pontos_entrega ?? []).map((p) => p.nome);
    expect(names).toContain('Punto Pilar Elegido');
    expect(names).not.toContain('Punto Pilar Libre');
    expect((await readAudit('pickup_point', free)).map((row) => row.action)).toEqual(['pickup_point.add', 'pickup_point.delete']);
    expect((await readAudit('pickup_point', chosen)).map((row) => row.action)).toEqual(['pickup_point.add']);
  });

  it('an admin adds a pickup point and edits its hours; shoppers of that city see it', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const city = await cityOf('Hernandarias');
    const point = {
      tipo: 'ponto',
      id: '',
      versao: '',
      nome: 'Punto Hernandarias',
      endereco: 'Av. Principal 10',
      cidade: String(city.id),
      horario_pt: 'Seg a sex 8h-17h',
      horario_es: 'Lun a vie 8 a 17 h',
      preco: '20000',
      prazo: '2',
      ativo: 'on',
    };
    const missing = await postForm('/painel/catalogo/frete', { ...point, endereco: '', cidade: '1' }, { cookie });
    expect(missing.status).toBe(422);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('Completa este campo.');
    expect(missingHtml).toContain('value="Punto Hernandarias"');
    expect((await postForm('/painel/catalogo/frete', point, { cookie })).status).toBe(303);
    const {
      rows: [saved],
    } = await getTestDb().query<{ id: number }>("SELECT id FROM pickup_points WHERE name = 'Punto Hernandarias'");
    const pointsOf = async () => (await estimate(city.id)).find((option) => option.tipo === 'pickup_point')?.opcionais.pontos_entrega ?? [];
    expect(await pointsOf()).toEqual([expect.objectContaining({ nome: 'Punto Hernandarias', horario_atendimento: 'Lun a vie 8 a 17 h' })]);
    const version = await readVersion('/painel/catalogo/frete', cookie, `form-ponto-${saved!.id}`);
    const edited = await postForm(
      '/painel/catalogo/frete',
      { ...point, id: String(saved!.id), versao: version, horario_es: 'Lun a sáb 7 a 19 h' },
      { cookie },
    );
    expect(edited.status).toBe(303);
    expect(await pointsOf()).toEqual([expect.objectContaining({ horario_atendimento: 'Lun a sáb 7 a 19 h' })]);
    expect((await readAudit('pickup_point', saved!.id)).map((row) => row.action)).toEqual(['pickup_point.add', 'pickup_point.update']);
  });
});
