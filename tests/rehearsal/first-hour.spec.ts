import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { E2E_PASSWORD, makePngFile, uniqueEmail, waitForIslands } from '#tests/e2e/support/accounts.ts';
import type { ProductionStack } from './production-stack.ts';

// A store's first hour on the production stack (production-stack.ts): every page through nginx
// over https, every form post checked against the https origins, every cookie Secure.
const stack: Omit<ProductionStack, 'stop'> = JSON.parse(process.env.REHEARSAL ?? '{}');
const ADMIN_PASSWORD = 'Balcao#2026';
const CODE = 'ENSAIO-1';

/** One of the shop's commands (`npm run staff`, `npm run import`) beside the running shop, on its DATABASE_URL. */
function runCommand(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { env: stack.commandEnv });
    let out = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run ${script} exited ${code}: ${out}`))));
  });
}

async function expectSecureCookies(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  expect(cookies.length).toBeGreaterThan(0);
  expect(cookies.filter((cookie) => !cookie.secure).map((cookie) => cookie.name)).toEqual([]);
}

/** A small catalogue, as a store exports it: one product with two pictures in a folder beside it. */
async function writeCatalogue(): Promise<{ file: string; images: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'fronteira-catalogue-'));
  for (const [name, colour] of [
    ['furadeira-1.jpg', '#aa3311'],
    ['furadeira-2.jpg', '#1133aa'],
  ] as const) {
    await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
      .jpeg()
      .toFile(path.join(folder, name));
  }
  const file = path.join(folder, 'catalogo.csv');
  await writeFile(
    file,
    'codigo;nome_pt;nome_es;marca;categoria_pt;categoria_es;preco;moeda;estoque;imagens\r\n' +
      `${CODE};Furadeira de ensaio;Taladro de ensayo;Marca Ensaio;Furadeiras;Taladros;100,00;USD;10;furadeira-1.jpg | furadeira-2.jpg\r\n`,
  );
  return { file, images: folder };
}

async function createFirstAdmin(browser: Browser): Promise<Page> {
  const email = 'dono@example.com.br';
  const out = await runCommand('staff', ['add', email, '--role', 'admin', '--lang', 'pt-BR', '--origin', stack.brOrigin]);
  const link = out.match(/https:\/\/\S+\/painel\/definir-senha\?token=\S+/)?.[0];
  expect(link, out).toBeDefined();
  const page = await (await browser.newContext()).newPage();
  await page.goto(link!);
  await page.getByLabel('Nova senha').fill(ADMIN_PASSWORD);
  await page.getByLabel('Repita a senha').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page.getByRole('status')).toContainText('Senha definida');
  await page.goto(`${stack.brOrigin}/painel`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/painel\/totp$/);
  const secret = (await page.locator('[data-totp-secret]').textContent()) ?? '';
  await page.getByLabel('Código de 6 dígitos do aplicativo autenticador').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Ativar' }).click();
  // Enrolment ends on the one-time recovery codes (issue 33 point 7), then the panel.
  await page.getByRole('link', { name: 'Já guardei, ir ao painel' }).click();
  await expect(page).toHaveURL(/\/painel$/);
  await expectSecureCookies(page);
  return page;
}

async function setExchangeRates(panel: Page): Promise<void> {
  await panel.goto(`${stack.brOrigin}/painel/catalogo/cotacoes`);
  await panel.getByLabel('R$ por U$ 1').fill('5,20');
  await panel.getByLabel('G$ por U$ 1').fill('7300');
  await panel.getByLabel('P$ por U$ 1').fill('1200');
  await panel.getByRole('button', { name: 'Salvar' }).click();
  await expect(panel.getByRole('status')).toHaveText('Alterações salvas. A loja já mostra a nova versão.');
  // An empty database gets its rates from this page: the history lists the three, none is missing.
  await expect(panel.getByTestId('rates-history').locator('tbody tr')).toHaveCount(3);
  await expect(panel.getByTestId('rates-missing')).toHaveCount(0);
}

async function registerBrazilian(page: Page): Promise<void> {
  const email = uniqueEmail('ensaio-br');
  await page.goto(`${stack.brOrigin}/cadastro`);
  const form = page.locator('main form');
  await waitForIslands(page);
  await form.getByLabel('Nome', { exact: true }).fill('Joana');
  await form.getByLabel('Sobrenome').fill('Silva');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Confirme o e-mail').fill(email);
  await form.getByLabel('Telefone').fill('45998765432');
  await form.getByLabel('Senha', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Confirme a senha').fill(E2E_PASSWORD);
  await form.getByLabel('CPF', { exact: true }).fill('52998224725');
  await form.getByLabel('Identidade (RG)').fill('12345678');
  await form.getByLabel('Órgão emissor / UF').fill('SSP/PR');
  await form.getByLabel('Documento de identidade (frente)').setInputFiles(await makePngFile('frente.png'));
  await form.getByLabel('Documento de identidade (verso)').setInputFiles(await makePngFile('verso.png'));
  await form.getByLabel('CEP').fill('85851000');
  await expect(form.getByLabel('Cidade')).toHaveValue('Foz do Iguaçu');
  await form.getByLabel('Número').fill('100');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
}

async function registerParaguayan(page: Page): Promise<void> {
  const email = uniqueEmail('ensaio-py');
  await page.goto(`${stack.esOrigin}/cadastro`);
  const form = page.locator('main form');
  await waitForIslands(page);
  await form.getByLabel('Nombre', { exact: true }).fill('Carlos');
  await form.getByLabel('Apellido').fill('Benítez');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Confirma el e-mail').fill(email);
  await form.getByLabel('Teléfono').fill('0981 123456');
  await form.getByLabel('Contraseña', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Confirma la contraseña').fill(E2E_PASSWORD);
  await form.getByLabel('Cédula de identidad').fill('4567890');
  await form.getByLabel('Documento de identidad (frente)').setInputFiles(await makePngFile('frente.png'));
  await form.getByLabel('Documento de identidad (dorso)').setInputFiles(await makePngFile('dorso.png'));
  await form.getByLabel('Calle').fill('Avda. Monseñor Rodríguez');
  await form.getByLabel('Departamento').selectOption({ label: 'Alto Paraná' });
  await form.getByLabel('Distrito').selectOption({ label: 'Ciudad del Este' });
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
}

/** From the product page, found by the storefront's search, to the cart. */
async function addToCart(page: Page, origin: string, search: string, add: string): Promise<void> {
  await page.goto(`${origin}/produtos?text=${encodeURIComponent(search)}`);
  await page.locator('main a[href^="/produto/"]').first().click();
  await waitForIslands(page);
  await expect(page.locator('main img[src*="/"]').first()).toBeVisible();
  await page.locator('.purchase').getByRole('button', { name: add }).click();
  await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
}

test('a store goes live: its first hour through nginx over https, in both languages', async ({ browser }) => {
  const started = Date.now();
  // The store's technical person: first admin from the command line, password, TOTP, rates.
  const panel = await createFirstAdmin(browser);
  await setExchangeRates(panel);
  const { file, images } = await writeCatalogue();
  await runCommand('import', [file, '--images', images]);

  // A Brazilian registers with identity documents, buys for store pickup and pays in the sandbox.
  const brazilian = await (await browser.newContext()).newPage();
  await registerBrazilian(brazilian);
  await addToCart(brazilian, stack.brOrigin, 'furadeira', 'Adicionar ao carrinho');
  await expectSecureCookies(brazilian);
  await brazilian.goto(`${stack.brOrigin}/checkout`);
  await expect(brazilian.getByText('Compras do Brasil: somente retirada na loja física.')).toBeVisible();
  await brazilian.getByRole('button', { name: 'Continuar' }).click();
  await brazilian.getByLabel('Cartão de crédito').check();
  await brazilian.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(brazilian).toHaveURL(/\/sandbox\/pagamento\//);
  await brazilian.getByRole('button', { name: 'Aprovar' }).click();
  const pickupCode = (await brazilian.getByTestId('pickup-code').textContent())?.trim() ?? '';
  expect(pickupCode).not.toBe('');

  // The counter hands the order over; the shopper's page shows it.
  await panel.goto(`${stack.brOrigin}/painel/balcao`);
  await panel.getByLabel('Código de retirada').fill(pickupCode);
  await panel.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(panel.getByTestId('counter-buyer')).toHaveText('Joana Silva');
  await panel.getByRole('button', { name: 'Entregar ao comprador' }).click();
  await expect(panel.getByTestId('counter-outcome')).toHaveText('Pedido entregue ao comprador.');
  await brazilian.getByRole('link', { name: 'Ver pedidos' }).click();
  await expect(brazilian.getByTestId('order-status').first()).toHaveText('Retirado na loja');

  // A Paraguayan buys with home delivery, in Spanish.
  const paraguayan = await (await browser.newContext()).newPage();
  await registerParaguayan(paraguayan);
  await addToCart(paraguayan, stack.esOrigin, 'taladro', 'Agregar al carrito');
  await paraguayan.goto(`${stack.esOrigin}/checkout`);
  const delivery = paraguayan
    .locator('.co-shipping .co-choices label')
    .filter({ hasNotText: /Gratis/ })
    .first();
  await delivery.locator('input').check();
  await paraguayan.getByRole('button', { name: 'Continuar' }).click();
  await paraguayan.getByLabel('Tarjeta de crédito').check();
  await paraguayan.getByRole('button', { name: 'Ir al pago' }).click();
  await paraguayan.getByRole('button', { name: 'Aprobar' }).click();
  await expect(paraguayan.getByText('¡Felicitaciones! Tu pago fue confirmado.')).toBeVisible();
  await expect(paraguayan.getByTestId('pickup-code')).toHaveCount(0);
  await expectSecureCookies(paraguayan);
  console.log(`rehearsal walk: ${Math.round((Date.now() - started) / 1000)} s`);
});
