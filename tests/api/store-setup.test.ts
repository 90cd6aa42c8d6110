// Issue 33 points 3 and 4, from an empty database (SEED=0). Store details are data an admin saves
// in the panel (/painel/loja): the storefront's footer and header, the order documents and the
// order e-mails read them from there. Products are created in the panel with every field the
// import knows, judged by the import's rules, duplicated and archived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, getTestDb, useOwnStack } from '../support/api.ts';
import { waitForMailIn } from '../support/mail.ts';
import { extractPdfText } from '../support/pdf-text.ts';
import { createSignedInStaff, createTestStaff, postForm, signInStaff } from '../support/staff.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { createPendingOrder, signedWebhook } from './checkout-fixtures.ts';

/** Shared by environment, so that this process signs webhooks and delivery options as the shop checks them. */
const SECRETS = {
  PAYMENT_WEBHOOK_SECRET: 'store-details-test-webhook-secret-01',
  SHIPPING_TOKEN_SECRET: 'store-details-test-shipping-secret-1',
};
let stack: TestStack;
let cookie: string;
beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  // The page cache on, as in production: a saved detail must drop the pages that show it.
  stack = await startTestStack({ SEED: '0', PAGE_CACHE: 'on', PAGE_CACHE_STATUS_HEADER: 'on', PAGE_CACHE_FRESH_S: '3600', ...SECRETS });
  useOwnStack(stack);
  ({ cookie } = await createSignedInStaff('admin'));
}, 90_000);
afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

const DETAILS = {
  nome_pt: 'Casa Teste Ferramentas',
  nome_es: 'Casa Prueba Herramientas',
  razao_social: 'Casa Prueba S.R.L.',
  ruc: '80012345-0',
  endereco_pt: 'Ruta 7 km 5, Minga Guazú, Paraguai',
  endereco_es: 'Ruta 7 km 5, Minga Guazú, Paraguay',
  horario_pt: 'Seg. a sex., 8h às 17h',
  horario_es: 'Lun. a vie., 8 a 17 h',
  telefones: '021 600 600\n+55 45 3520 0000',
  whatsapp: '0981 123456',
  emails: 'ventas@casaprueba.com.py',
  instagram: 'https://www.instagram.com/casaprueba',
  facebook: '',
  youtube: '',
  atalhos: 'Ofertas da semana | Ofertas de la semana | /produtos?text=oferta',
};

const page = async (host: 'br' | 'es', path: string) => (await api(path, { host })).text();
/** The footer's contact column, tags stripped. */
const footerContact = (html: string) =>
  (html.match(/data-testid="footer-contact">([\s\S]*?)<\/section>/)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const storeForm = (staffCookie: string) => api('/painel/loja', { host: 'es', headers: { cookie: staffCookie } });
const readVersion = async () => (await (await storeForm(cookie)).text()).match(/name="versao" value="([^"]*)"/)?.[1] ?? '';

describe('store details', () => {
  it('an empty store shows no contact it lacks; the admin saves them in the panel; refused fields keep what was typed', async () => {
    // SEED=0: no details yet; pages stay whole, with the catalogue's name and no dead contact link
    const empty = await page('es', '/');
    expect(footerContact(empty)).toBe('Contacto');
    expect(empty).not.toMatch(/mailto:|wa\.me|tel:\+/);
    expect(empty).toContain(`© ${new Date().getFullYear()} Fronteira Herramientas.`);
    // the home page is now in the page cache: the save must drop it
    expect((await api('/', { host: 'es', headers: { 'accept-encoding': 'identity' } })).headers.get('x-cache')).toBe('hit');
    const home = await (await api('/painel', { host: 'es', headers: { cookie } })).text();
    expect(home).toMatch(/<li data-setup="storeDetails" data-done="false"[^>]*>[\s\S]*?href="\/painel\/loja"/);

    // every wrong field is named in the staff member's language, the form keeps what was typed, nothing is written
    const typed = {
      ...DETAILS,
      versao: '',
      nome_pt: '',
      ruc: '80012345-1',
      telefones: '021 600 600\n12',
      emails: 'ventas@@casaprueba',
      instagram: 'http://instagram.com/casaprueba',
      atalhos: 'Ofertas | /produtos',
    };
    const refused = await postForm('/painel/loja', typed, { cookie });
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    const fieldError = (name: string) => refusedPage.match(new RegExp(`id="err-${name}"[^>]*>\\s*([^<]+?)\\s*<`))?.[1];
    expect(fieldError('nome_pt')).toBe('Completa este campo.');
    expect(fieldError('ruc')).toMatch(/^RUC no válido/);
    expect(fieldError('telefones')).toMatch(/^Teléfono no válido/);
    expect(fieldError('emails')).toMatch(/^Correo no válido/);
    expect(fieldError('instagram')).toMatch(/^Dirección no válida/);
    expect(fieldError('atalhos')).toMatch(/^Acceso no válido/);
    expect(fieldError('nome_es')).toBeUndefined();
    expect(refusedPage).toContain('value="Casa Prueba Herramientas"');
    expect(refusedPage).toContain('value="80012345-1"');
    expect(refusedPage).toMatch(/<textarea name="telefones"[^>]*>\s*021 600 600\n12\s*<\/textarea>/);
    expect(refusedPage).toContain('Corrige los campos marcados: no se guardó nada.');
    expect((await getTestDb().query('SELECT 1 FROM store_details')).rowCount).toBe(0);

    // the same refusal in Portuguese for a pt-BR admin
    const brazilian = await createTestStaff('admin', { locale: 'pt-BR' });
    const ptCookie = await signInStaff(brazilian, 'br');
    const ptRefused = await (await postForm('/painel/loja', typed, { cookie: ptCookie, host: 'br' })).text();
    expect(ptRefused).toMatch(/id="err-ruc"[^>]*>\s*RUC inválido/);
    expect(ptRefused).toMatch(/id="err-telefones"[^>]*>\s*Telefone inválido/);

    // saved: phones in their international form, audited, the checklist item done
    const saved = await postForm('/painel/loja', { ...DETAILS, versao: '' }, { cookie });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/painel/loja?feito=1');
    const stored = (await getTestDb().query<{ details: Record<string, unknown> }>('SELECT details FROM store_details')).rows[0]!.details;
    expect(stored).toMatchObject({ phones: ['+595 21 600 600', '+55 (45) 3520-0000'], whatsapp: '+595 981 123 456', ruc: '80012345-0' });
    const audit = await getTestDb().query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_type = 'store_details'`);
    expect(audit.rows).toEqual([{ action: 'store_details.create' }]);
    expect(await (await api('/painel', { host: 'es', headers: { cookie } })).text()).toMatch(
      /<li data-setup="storeDetails" data-done="true"/,
    );
    expect(await (await storeForm(cookie)).text()).toContain('value="Casa Prueba S.R.L."');

    // a form sent over a newer save is refused, with the typed values kept
    const stale = await postForm('/painel/loja', { ...DETAILS, versao: '1', nome_es: 'Otro nombre' }, { cookie });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('value="Otro nombre"');

    // the storefronts show them at once, in each host's language (the cached home page was dropped)
    const es = await page('es', '/');
    expect(footerContact(es)).toBe(
      'Contacto ventas@casaprueba.com.py +595 21 600 600 +55 (45) 3520-0000 Ruta 7 km 5, Minga Guazú, Paraguay Lun. a vie., 8 a 17 h Redes sociales',
    );
    expect(es).toContain('href="https://www.instagram.com/casaprueba"');
    expect(es).toContain('href="https://wa.me/595981123456"');
    expect(es).not.toContain('facebook.com');
    expect(es).toMatch(/<ul class="site-nav__quick">\s*<li>\s*<a href="\/produtos\?text=oferta">Ofertas de la semana<\/a>/);
    expect(es).toContain(`© ${new Date().getFullYear()} Casa Prueba Herramientas.`);
    const br = await page('br', '/');
    expect(footerContact(br)).toContain('Ruta 7 km 5, Minga Guazú, Paraguai Seg. a sex., 8h às 17h');
    expect(br).toContain('>Ofertas da semana</a>');
    expect(await page('es', '/sobre-nos')).toContain('href="mailto:ventas@casaprueba.com.py"');
  });

  it('the pickup ticket, the receipt and the paid-order e-mail carry the saved details', async () => {
    if ((await getTestDb().query('SELECT 1 FROM store_details')).rowCount === 0)
      expect((await postForm('/painel/loja', { ...DETAILS, versao: await readVersion() }, { cookie })).status).toBe(303);
    const rates = await postForm('/painel/catalogo/cotacoes', { versao: '', cotacao_1: '5,4', cotacao_3: '7300' }, { cookie });
    expect(rates.status).toBe(303);
    const order = await createPendingOrder();
    const paid = await api('/ecom/pagamentos/webhook/sandbox', {
      method: 'POST',
      host: 'local',
      ...signedWebhook({
        reference: order.payment.reference,
        status: 'approved',
        amount_minor: order.payment.amount_minor,
        currency_id: 3,
      }),
    });
    expect(paid.status).toBe(200);
    const pdfText = async (file: string) =>
      extractPdfText(
        Buffer.from(await (await api(`/pedido/${order.externalId}/${file}`, { host: 'es', token: order.customer.token })).arrayBuffer()),
      );
    const ticket = await pdfText('ticket.pdf');
    for (const part of [
      'Casa Prueba Herramientas',
      'Casa Prueba S.R.L.',
      'RUC 80012345-0',
      'Ruta 7 km 5, Minga Guazú, Paraguay',
      'Horario de atención: Lun. a vie., 8 a 17 h',
    ])
      expect(ticket).toContain(part);
    const receipt = await pdfText('comprovante.pdf');
    for (const part of ['Casa Prueba Herramientas', '+595 21 600 600', '+55 (45) 3520-0000', 'ventas@casaprueba.com.py'])
      expect(receipt).toContain(part);
    const ticketPage = await (await api(`/pedido/${order.externalId}/ticket`, { host: 'es', token: order.customer.token })).text();
    expect(ticketPage).toMatch(/<p class="shop[^"]*">Casa Prueba Herramientas<\/p>/);
    const mail = await waitForMailIn(stack.mailDir, order.customer.email, (caught) => /Pago confirmado/.test(caught.subject), 20_000);
    // The footer of every e-mail: the store's name, then its address, first phone and e-mail.
    expect(mail.text).toContain('Casa Prueba Herramientas');
    expect(mail.text).toContain('Ruta 7 km 5, Minga Guazú, Paraguay · +595 21 600 600 · ventas@casaprueba.com.py');
  });
});

const products = () => getTestDb().query<{ id: number }>('SELECT id FROM products');
const NEW_PRODUCT = {
  codigo: 'PNL-001',
  nome_pt: 'Serra Circular Painel 1800 W',
  nome_es: 'Sierra Circular Panel 1800 W',
  descritivo_pt: 'Corte reto em madeira',
  descritivo_es: 'Corte recto en madera',
  descricao_pt: '<p>Serra do painel</p>',
  descricao_es: '<p>Sierra del panel<script>alert(1)</script></p>',
  marca: 'Marca Painel',
  categoria_pt: 'Serras Elétricas',
  categoria_es: 'Sierras Eléctricas',
  departamento_pt: 'Serras Circulares',
  departamento_es: 'Sierras Circulares',
  preco: '1.234,50',
  moeda: 'USD',
  estoque: '7',
  mostrar_preco: 'on',
  especificacoes: 'Potência | Potencia | 1800 W | 1800 W\nDisco | Disco | 185 mm | 185 mm',
};
const newProductForm = (fields: Record<string, string>) => postForm('/painel/catalogo/produtos/novo', fields, { cookie });

describe('products created in the panel', () => {
  it('creates a product with every field the import knows, shown on both storefronts; each wrong field named, nothing written', async () => {
    const before = (await products()).rowCount;
    const refused = await newProductForm({
      ...NEW_PRODUCT,
      codigo: '#bad code',
      nome_pt: '',
      preco: 'abc',
      estoque: '-3',
      marca: '',
      especificacoes: 'Potência | | 1800 W',
    });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    const fieldError = (name: string) => html.match(new RegExp(`id="err-${name}"[^>]*>\\s*([^<]+?)\\s*<`))?.[1];
    expect(fieldError('codigo')).toBe('valor no válido');
    expect(fieldError('nome_pt')).toBe('obligatorio');
    expect(fieldError('preco')).toBe('valor no válido');
    expect(fieldError('estoque')).toBe('no puede ser negativo');
    expect(fieldError('marca')).toBe('obligatorio');
    expect(fieldError('especificacoes')).toBe('obligatorio');
    expect(fieldError('nome_es')).toBeUndefined();
    expect(html).toContain('value="Sierra Circular Panel 1800 W"');
    expect(html).toContain('value="#bad code"');
    expect((await products()).rowCount).toBe(before);
    // an amount the import cannot read one way only ('1.500': 1,5 or 1500?) says so
    const ambiguous = await (await newProductForm({ ...NEW_PRODUCT, preco: '1.500' })).text();
    expect(ambiguous).toMatch(/id="err-preco"[^>]*>\s*ambiguo \(¿1\.500 es 1,5 o 1500\?\)/);
    expect((await products()).rowCount).toBe(before);

    const created = await newProductForm(NEW_PRODUCT);
    expect(created.status).toBe(303);
    const id = Number(created.headers.get('location')?.match(/^\/painel\/catalogo\/produtos\/(\d+)\/fotos\?criado=1$/)?.[1]);
    const { rows } = await getTestDb().query<Record<string, unknown>>(
      `SELECT p.slug, p.stock, p.price_minor::int AS price, p.show_price, p.description_es, b.name AS brand, c.name_es AS category,
              d.name_pt AS department, (SELECT count(*)::int FROM product_specifications s WHERE s.product_id = p.id) AS specs
         FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
         LEFT JOIN departments d ON d.id = p.department_id WHERE p.id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({
      stock: 7,
      price: 123_450,
      show_price: true,
      brand: 'Marca Painel',
      category: 'Sierras Eléctricas',
      department: 'Serras Circulares',
      specs: 2,
    });
    expect(rows[0]!.description_es).not.toContain('script');
    const slug = String(rows[0]!.slug);
    const es = await page('es', `/produto/${slug}`);
    for (const part of ['Sierra Circular Panel 1800 W', 'U$ 1.234,50', '185 mm', 'Marca Painel']) expect(es).toContain(part);
    expect(await page('br', `/produto/${slug}`)).toContain('Serra Circular Painel 1800 W');

    // the same code again is refused, by name
    const again = await newProductForm(NEW_PRODUCT);
    expect(again.status).toBe(422);
    expect(await again.text()).toMatch(/id="err-codigo"[^>]*>\s*Ya existe un producto con este código/);
  });

  it('duplicates a product into a new one (no code, stock or pictures copied) and archives it off the storefront', async () => {
    const source = (await getTestDb().query<{ id: number }>(`SELECT id FROM products WHERE code = 'PNL-001'`)).rows[0]!.id;
    const copyForm = await (await api(`/painel/catalogo/produtos/novo?copiar=${source}`, { host: 'es', headers: { cookie } })).text();
    expect(copyForm).toContain('Copia de PNL-001');
    expect(copyForm).toMatch(/<input name="codigo"[^>]*value=""|<input name="codigo"(?![^>]*value=)/);
    expect(copyForm).toContain('value="Marca Painel"');
    expect(copyForm).toContain('Disco | Disco | 185 mm | 185 mm');
    const fields = Object.fromEntries(
      [...copyForm.matchAll(/<input name="([a-z_]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, '&')]),
    );
    const copied = await newProductForm({
      ...NEW_PRODUCT,
      ...fields,
      codigo: 'PNL-002',
      especificacoes: copyForm.match(/<textarea name="especificacoes"[^>]*>([^<]*)</)?.[1] ?? '',
    });
    expect(copied.status).toBe(303);
    const pair = await getTestDb().query<{ code: string; brand_id: number; category_id: number; stock: number; specs: number }>(
      `SELECT code, brand_id, category_id, stock, (SELECT count(*)::int FROM product_specifications s WHERE s.product_id = p.id) AS specs
         FROM products p WHERE code IN ('PNL-001', 'PNL-002') ORDER BY code`,
    );
    expect(pair.rows[1]).toMatchObject({
      code: 'PNL-002',
      brand_id: pair.rows[0]!.brand_id,
      category_id: pair.rows[0]!.category_id,
      stock: 0,
      specs: 2,
    });

    const { slug } = (await getTestDb().query<{ slug: string }>(`SELECT slug FROM products WHERE code = 'PNL-002'`)).rows[0]!;
    const copyId = (await getTestDb().query<{ id: number }>(`SELECT id FROM products WHERE code = 'PNL-002'`)).rows[0]!.id;
    expect((await api(`/produto/${slug}`, { host: 'es' })).status).toBe(200);
    const editPage = await (await api(`/painel/catalogo/produtos/${copyId}`, { host: 'es', headers: { cookie } })).text();
    const version = editPage.match(/data-testid="archive-product"[\s\S]*?name="versao" value="([^"]+)"/)?.[1] ?? '';
    const archived = await postForm(`/painel/catalogo/produtos/${copyId}`, { acao: 'arquivar', versao: version }, { cookie });
    expect(archived.status).toBe(303);
    expect((await api(`/produto/${slug}`, { host: 'es' })).status).toBe(404);
    const audit = await getTestDb().query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = 'PNL-002' ORDER BY id`);
    expect(audit.rows.map((row) => row.action)).toEqual(['product.archive']);
  });

  it('the edit form changes brand, category, department and specifications by name, judged by the import rules', async () => {
    const id = (await getTestDb().query<{ id: number }>(`SELECT id FROM products WHERE code = 'PNL-001'`)).rows[0]!.id;
    const form = await (await api(`/painel/catalogo/produtos/${id}`, { host: 'es', headers: { cookie } })).text();
    expect(form).toContain('value="Marca Painel"');
    expect(form).toMatch(/<textarea name="especificacoes"[^>]*>Potência \| Potencia \| 1800 W \| 1800 W\nDisco/);
    // the edit form's own fields (the archive form below it is another form)
    const editForm = form.match(/data-testid="product-form"[\s\S]*?<\/form>/)?.[0] ?? '';
    const fields = Object.fromEntries(
      [...editForm.matchAll(/<input (?:type="hidden" )?name="([a-z_]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
    );
    const edited = {
      ...fields,
      moeda: '2',
      mostrar_preco: 'on',
      ativo: 'on',
      estoque: '9',
      marca: 'Marca Nueva',
      departamento_pt: '',
      especificacoes: 'Peso | Peso | 4 kg | 4 kg',
    };
    const refused = await postForm(`/painel/catalogo/produtos/${id}`, { ...edited, marca: '', especificacoes: 'Peso' }, { cookie });
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toMatch(/id="err-marca"[^>]*>\s*obligatorio/);
    expect(refusedPage).toMatch(/id="err-especificacoes"[^>]*>\s*obligatorio/);
    expect(refusedPage).toMatch(/<textarea name="especificacoes"[^>]*>Peso<\/textarea>/);
    const saved = await postForm(`/painel/catalogo/produtos/${id}`, edited, { cookie });
    expect(saved.status).toBe(303);
    const { rows } = await getTestDb().query<{ brand: string; department_id: number | null; stock: number; specs: string[] }>(
      `SELECT b.name AS brand, p.department_id, p.stock,
              ARRAY(SELECT s.name_es || '=' || s.value_es FROM product_specifications s WHERE s.product_id = p.id ORDER BY s.position) AS specs
         FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ brand: 'Marca Nueva', department_id: null, stock: 9, specs: ['Peso=4 kg'] });
    const shown = await page(
      'es',
      `/produto/${(await getTestDb().query<{ slug: string }>('SELECT slug FROM products WHERE id = $1', [id])).rows[0]!.slug}`,
    );
    expect(shown).toContain('Marca Nueva');
    expect(shown).not.toContain('185 mm');
  });
});
