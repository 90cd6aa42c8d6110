import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';
import sharp from 'sharp';
import { formatPrice } from '#lib/money.ts';
import { createSessionService, SESSION_COOKIE } from '#server/accounts/service.ts';
import { systemClock } from '#server/clock.ts';
import { waitForIslands } from './support/accounts.ts';
import { importFileWithPictures } from './support/catalogue-import.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { createTestPool } from '../support/test-pool.ts';

// Issue 33, day zero: a store goes from an EMPTY database (its own, SEED=0) to its first sale in
// the panel alone. One run, at 1366 px (the panel's forms are the same at any width, decision
// 0995): the owner starts in Portuguese and switches the panel to Spanish and back, so each of
// the two languages fills some of the setup forms; then the storefronts of both hosts, and a sale
// on the Paraguayan one. (Until session 17 a phone run set up everything in Portuguese and a
// desktop run in Spanish, each with its own shop and database: twice the CPU for the same flow.)
let shop: ShopProcess;
let db: pg.Pool;
let databaseUrl: string;
/** The worker's PostgreSQL (each Playwright worker has its own stack, set before its tests run). */
const getServerUrl = () => new URL(process.env.TEST_APP_DATABASE_URL ?? '');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const name = `fronteira_day_zero_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: getServerUrl().toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = getServerUrl();
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  shop = await startShopProcess(databaseUrl, { SEED: '0' });
  db = createTestPool({ connectionString: databaseUrl, max: 2 });
});

test.afterAll(async () => {
  await db?.end();
  await shop?.stop();
});

const at = (host: 'br' | 'es', path: string) => `http://${host}.localhost:${shop.port}${path}`;

/** `npm run staff` beside the running shop, on its database, as the README tells a new store. */
function runStaffCommand(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'staff', '--', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl } });
    let out = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run staff exited ${code}: ${out}`))));
  });
}

const WORDS = {
  'pt-BR': {
    newPassword: 'Nova senha',
    repeatPassword: 'Repita a senha',
    savePassword: 'Salvar senha',
    email: 'E-mail',
    password: 'Senha',
    code: 'Código de 6 dígitos do aplicativo autenticador',
    activate: 'Ativar',
    recoveryDone: 'Já guardei, ir ao painel',
    storeDetails: 'Dados da loja',
    save: 'Salvar',
    saved: 'Alterações salvas. A loja já mostra a nova versão.',
    newProduct: 'Novo produto',
    createProduct: 'Criar produto e adicionar fotos',
    pictureFile: /^Imagem/,
    upload: 'Enviar foto',
    switchTo: 'Português',
  },
  'es-PY': {
    newPassword: 'Nueva contraseña',
    repeatPassword: 'Repite la contraseña',
    savePassword: 'Guardar contraseña',
    email: 'Correo electrónico',
    password: 'Contraseña',
    code: 'Código de 6 dígitos de la aplicación de autenticación',
    activate: 'Activar',
    recoveryDone: 'Códigos guardados: ir al panel',
    storeDetails: 'Datos de la tienda',
    save: 'Guardar',
    saved: 'Cambios guardados. La tienda ya muestra la nueva versión.',
    newProduct: 'Nuevo producto',
    createProduct: 'Crear producto y agregar fotos',
    pictureFile: /^Imagen/,
    upload: 'Cargar foto',
    switchTo: 'Español',
  },
} as const;
type PanelLanguage = keyof typeof WORDS;
/** The panel's host: the staff session's cookie is set for it; the language is the staff member's own. */
const PANEL_HOST = 'br';

/** The first admin: from the command line, then password, sign-in and authenticator enrolment in the browser. */
async function createFirstAdmin(page: Page, lang: PanelLanguage): Promise<void> {
  const words = WORDS[lang];
  const email = `dono-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'Dono#da#loja#2026';
  const out = await runStaffCommand(['add', email, '--role', 'admin', '--lang', lang, '--origin', at(PANEL_HOST, '')]);
  const link = out.match(/http:\/\/\S+\/painel\/definir-senha\?token=\S+/)?.[0];
  expect(link, out).toBeDefined();
  await page.goto(link!);
  await page.getByLabel(words.newPassword).fill(password);
  await page.getByLabel(words.repeatPassword).fill(password);
  await page.getByRole('button', { name: words.savePassword }).click();
  await page.goto(at(PANEL_HOST, '/painel'));
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/painel\/totp$/);
  const secret = (await page.locator('[data-totp-secret]').textContent()) ?? '';
  await page.getByLabel(words.code).fill(await generate({ secret }));
  await page.getByRole('button', { name: words.activate }).click();
  await page.getByRole('link', { name: words.recoveryDone }).click();
  await expect(page).toHaveURL(/\/painel$/);
}

/** The language chips in the panel's header: the staff member's language changes for every page after. */
async function switchPanelLanguage(page: Page, to: PanelLanguage): Promise<void> {
  await page.getByRole('button', { name: WORDS[to].switchTo }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

const setupItem = (page: Page, key: string) => page.locator(`li[data-setup="${key}"]`);

async function fillStoreDetails(page: Page, lang: PanelLanguage): Promise<void> {
  await setupItem(page, 'storeDetails').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORDS[lang].storeDetails);
  const form = page.getByTestId('store-details-form');
  const fields: Record<string, string> = {
    nome_pt: 'Ferragem Dia Zero',
    nome_es: 'Ferretería Día Cero',
    razao_social: 'Día Cero S.A.',
    ruc: '80012345-0',
    endereco_pt: 'Av. Bernardino Caballero 300, Ciudad del Este, Paraguai',
    endereco_es: 'Av. Bernardino Caballero 300, Ciudad del Este, Paraguay',
    horario_pt: 'Seg. a sáb., 8h às 18h',
    horario_es: 'Lun. a sáb., 8 a 18 h',
    telefones: '061 570 000',
    whatsapp: '0983 200 300',
    emails: 'ventas@diacero.com.py',
    instagram: 'https://www.instagram.com/diacero',
    atalhos: 'Furadeiras | Taladros | /produtos?text=furadeira',
  };
  for (const [name, value] of Object.entries(fields)) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByRole('button', { name: WORDS[lang].save }).click();
  await expect(page.getByTestId('settings-outcome')).toHaveText(WORDS[lang].saved);
}

async function setRates(page: Page, lang: PanelLanguage): Promise<void> {
  await setupItem(page, 'rates').getByRole('link').click();
  await page.locator('[name="cotacao_1"]').fill('5,2');
  await page.locator('[name="cotacao_3"]').fill('7300');
  await page.locator('[name="cotacao_4"]').fill('1200');
  await page.getByRole('button', { name: WORDS[lang].save }).click();
  await expect(page.getByTestId('settings-outcome')).toHaveText(WORDS[lang].saved);
  await expect(page.getByTestId('rates-missing')).toHaveCount(0);
}

/** A product with every field a new store fills, then its picture on the page creation leads to. */
async function createProduct(page: Page, lang: PanelLanguage): Promise<string> {
  const code = `DZ-${randomBytes(3).toString('hex').toUpperCase()}`;
  await page.goto(at(PANEL_HOST, '/painel/catalogo/produtos'));
  await page.getByRole('link', { name: WORDS[lang].newProduct }).click();
  const form = page.getByTestId('new-product-form');
  const fields: Record<string, string> = {
    codigo: code,
    nome_pt: 'Furadeira de Impacto Dia Zero 750 W',
    nome_es: 'Taladro Percutor Día Cero 750 W',
    marca: 'Marca Dia Zero',
    categoria_pt: 'Furadeiras',
    categoria_es: 'Taladros',
    preco: '100',
    estoque: '5',
    especificacoes: 'Potência | Potencia | 750 W | 750 W',
  };
  for (const [name, value] of Object.entries(fields)) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByRole('button', { name: WORDS[lang].createProduct }).click();
  await expect(page).toHaveURL(/\/painel\/catalogo\/produtos\/\d+\/fotos\?criado=1$/);
  const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(WORDS[lang].pictureFile).setInputFiles({ name: 'furadeira.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByRole('button', { name: WORDS[lang].upload }).click();
  await expect(page.getByTestId('product-pictures').locator('img')).toHaveCount(1);
  return code;
}

/** A Paraguayan shopper (account written into the store's database), signed in on the es host. */
async function openShopper(page: Page): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer, document_type, document)
     VALUES ($1, 'x', 'Carlos', 'Benítez', 0, 'RUC', '80012345-6') RETURNING id`,
    [`comprador-${randomBytes(4).toString('hex')}@example.test`],
  );
  const customerId = Number(rows[0]!.id);
  await db.query(
    `INSERT INTO customer_addresses (customer_id, name, street, number, district, city_name, state_name, country_id, main, city_id, state_id)
     SELECT $1, 'Casa', 'Av. España', '1500', 'Villa Morra', 'Asunción', 'Capital', 2, true, c.id, 39
       FROM cities c WHERE c.name = 'Asunción' AND c.state_id = 39`,
    [customerId],
  );
  const { token } = await createSessionService({ db, clock: systemClock }).createSession(customerId);
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, domain: 'es.localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
}

test('an empty store is set up in the panel alone and makes its first sale', async ({ page }) => {
  test.setTimeout(180_000);

  // The store's owner: admin from the command line; the panel's home lists what is missing.
  await createFirstAdmin(page, 'pt-BR');
  for (const key of ['storeDetails', 'rates', 'productPictures']) await expect(setupItem(page, key)).toHaveAttribute('data-done', 'false');
  await expect(setupItem(page, 'secondFactor')).toHaveAttribute('data-done', 'true');

  await fillStoreDetails(page, 'pt-BR');
  await page.goto(at(PANEL_HOST, '/painel'));
  await setRates(page, 'pt-BR');
  // Delivery rates and pickup points ship with the migrations (0203): nothing to add for a first sale.
  await switchPanelLanguage(page, 'es-PY');
  const code = await createProduct(page, 'es-PY');
  await page.goto(at(PANEL_HOST, '/painel'));
  for (const key of ['storeDetails', 'rates', 'productPictures', 'deliveryRates', 'pickupPoints'])
    await expect(setupItem(page, key)).toHaveAttribute('data-done', 'true');

  // Catalogue import with a ZIP of pictures and two bad rows (issue 33 points 5 and 6): the valid
  // rows are written with their pictures, the rejects downloaded to fix. In Portuguese here:
  // catalogue-import.spec.ts imports in Spanish.
  await switchPanelLanguage(page, 'pt-BR');
  const imported = await importFileWithPictures(page, {
    importUrl: at(PANEL_HOST, '/painel/catalogo/importar'),
    picturesUrl: at(PANEL_HOST, '/painel/catalogo/fotos'),
    lang: 'pt-BR',
    db,
  });

  // The storefronts: the store's details in the footer, the product priced in R$ and in G$.
  const { slug } = (await db.query<{ slug: string }>('SELECT slug FROM products WHERE code = $1', [code])).rows[0]!;
  await page.goto(at('br', `/produto/${slug}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Furadeira de Impacto Dia Zero 750 W');
  await expect(page.locator('main')).toContainText(formatPrice(52_000, 1));
  await expect(page.locator('footer')).toContainText('Av. Bernardino Caballero 300, Ciudad del Este, Paraguai');

  // An imported product with its picture, on the storefront the import wrote it for.
  const { slug: importedSlug } = (await db.query<{ slug: string }>('SELECT slug FROM products WHERE code = $1', [imported[0]])).rows[0]!;
  await page.goto(at('es', `/produto/${importedSlug}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cinta PIC');
  await expect(page.locator('.gallery__main img')).toBeVisible();

  const shopper = page;
  await openShopper(shopper);
  await shopper.goto(at('es', `/produto/${slug}`));
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Taladro Percutor Día Cero 750 W');
  await expect(shopper.locator('main')).toContainText(formatPrice(730_000, 3));
  await expect(shopper.locator('footer')).toContainText('Lun. a sáb., 8 a 18 h');
  await waitForIslands(shopper);
  await shopper.locator('.purchase').getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(shopper.getByTestId('cart-badge').first()).toHaveText('1');
  await shopper.goto(at('es', '/checkout'));
  await shopper.locator('.co-shipping .co-choices li[data-delivery-type="pickup"] input').check();
  await shopper.getByRole('button', { name: 'Continuar' }).click();
  await shopper.getByLabel('Tarjeta de crédito').check();
  await shopper.getByRole('button', { name: 'Ir al pago' }).click();
  await shopper.getByRole('button', { name: 'Aprobar' }).click();
  await expect(shopper.getByText('¡Felicitaciones! Tu pago fue confirmado.')).toBeVisible();
  await expect(shopper.getByTestId('pickup-code')).toBeVisible();
});
