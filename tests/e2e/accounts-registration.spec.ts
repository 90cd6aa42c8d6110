import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, makePngFile, uniqueEmail, waitForIslands } from './support/accounts.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

test('a Brazilian buyer registers with CEP lookup and two uploads and lands signed in on /perfil', { tag: '@phone' }, async ({ page }) => {
  const email = uniqueEmail('br');
  await page.goto(storefrontUrl('br', '/cadastro'));
  const form = page.locator('main form');
  await waitForIslands(page);
  await expect(form.getByRole('radio', { name: 'Brasileiro (CPF)' })).toBeChecked();
  await form.getByLabel('Nome', { exact: true }).fill('Joana');
  await form.getByLabel('Sobrenome').fill('Silva');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Confirme o e-mail').fill(email);
  await form.getByLabel('Telefone').fill('45998765432');
  await expect(form.getByLabel('Telefone')).toHaveValue('+55 (45) 99876-5432');
  await form.getByLabel('Senha', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Confirme a senha').fill(E2E_PASSWORD);
  await form.getByLabel('CPF', { exact: true }).fill('52998224725');
  await expect(form.getByLabel('CPF', { exact: true })).toHaveValue('529.982.247-25');
  await form.getByLabel('Identidade (RG)').fill('12345678');
  await form.getByLabel('Órgão emissor / UF').fill('SSP/PR');
  await form.getByLabel('Documento de identidade (frente)').setInputFiles(await makePngFile('frente.png'));
  await expect(form.getByRole('img', { name: 'Documento de identidade (frente)' })).toBeVisible();
  await form.getByLabel('Documento de identidade (verso)').setInputFiles(await makePngFile('verso.png'));
  await form.getByLabel('CEP').fill('85851000');
  await expect(form.getByLabel('Cidade')).toHaveValue('Foz do Iguaçu');
  await expect(form.getByLabel('Estado')).toHaveValue('PR');
  await expect(form.getByLabel('Logradouro')).toHaveValue('Avenida Brasil');
  await form.getByLabel('Número').fill('100');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByText(email)).toBeVisible();
  const { rows } = await getTestDb().query(
    `SELECT a.city_id, (SELECT count(*)::int FROM customer_documents d WHERE d.customer_id = c.id) AS files
       FROM customers c JOIN customer_addresses a ON a.customer_id = c.id WHERE c.email = $1`,
    [email],
  );
  expect(rows[0]).toEqual({ city_id: 4033, files: 2 });
});

test('an unknown CEP, or one the service cannot check now, falls back to manual state and city', { tag: '@phone' }, async ({ page }) => {
  await page.goto(storefrontUrl('br', '/cadastro'));
  const form = page.locator('main form');
  await waitForIslands(page);
  // A valid CEP while the postal-code service is down (the fake answers 503 for it).
  await form.getByLabel('CEP').fill('80010000');
  await expect(page.getByText('Não foi possível consultar o CEP agora. Selecione o estado e a cidade manualmente.')).toBeVisible();
  await form.getByLabel('CEP').fill('99999999');
  await expect(page.getByText('CEP não encontrado. Selecione o estado e a cidade manualmente.')).toBeVisible();
  const city = form.getByLabel('Cidade');
  await expect(city).toBeDisabled();
  await form.getByLabel('Estado').selectOption({ label: 'Paraná' });
  await expect(city).toBeEnabled();
  await city.selectOption({ label: 'Foz do Iguaçu' });
});

test('a Paraguayan buyer registers with department and district on the Spanish host', { tag: '@desktop' }, async ({ page }) => {
  const email = uniqueEmail('py');
  await page.goto(storefrontUrl('es', '/cadastro'));
  const form = page.locator('main form');
  await waitForIslands(page);
  await expect(form.getByRole('radio', { name: 'Paraguayo (RUC)' })).toBeChecked();
  await form.getByLabel('Nombre', { exact: true }).fill('Carlos');
  await form.getByLabel('Apellido').fill('Benítez');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Confirma el e-mail').fill(email);
  await form.getByLabel('Teléfono').fill('0981 123456'); // the usual local way, with the trunk 0
  await expect(form.getByLabel('Teléfono')).toHaveValue('+595 981 123 456');
  await form.getByLabel('Contraseña', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Confirma la contraseña').fill(E2E_PASSWORD);
  await form.getByLabel('RUC (opcional)').fill('800005198');
  await expect(form.getByLabel('RUC (opcional)')).toHaveValue('80000519-8');
  await form.getByLabel('Razón social').fill('Ferretería Lago');
  await form.getByLabel('Cédula de identidad').fill('4567890');
  await form.getByLabel('Documento de identidad (frente)').setInputFiles(await makePngFile('frente.png'));
  await form.getByLabel('Documento de identidad (dorso)').setInputFiles(await makePngFile('dorso.png'));
  await form.getByLabel('Calle').fill('Avda. Monseñor Rodríguez');
  await form.getByLabel('Departamento').selectOption({ label: 'Alto Paraná' });
  await form.getByLabel('Distrito').selectOption({ label: 'Ciudad del Este' });
  await form.getByLabel('Cómo llegar').fill('Frente al lago');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
  const { rows } = await getTestDb().query(
    'SELECT c.document, a.state_id, a.city_id FROM customers c JOIN customer_addresses a ON a.customer_id = c.id WHERE c.email = $1',
    [email],
  );
  expect(rows[0]).toEqual({ document: '80000519-8', state_id: 30, city_id: 6033 });
});

for (const host of ['br', 'es'] as const) {
  test(`a blank submit shows every field error (${host})`, { tag: host === 'br' ? '@phone' : '@desktop' }, async ({ page }) => {
    await page.goto(storefrontUrl(host, '/cadastro'));
    await waitForIslands(page);
    await page.locator('main form button[type="submit"]').click();
    const required = host === 'br' ? 'Este campo é Obrigatório' : 'Este campo es obligatorio';
    // Brazilian form: nome, sobrenome, email, confirmation, phone, password, confirmation, CPF, RG,
    // complement, two files, CEP, street, city, state. Paraguayan: no CPF/complement/CEP, but
    // department and district instead of city and state.
    await expect(page.getByText(required)).toHaveCount(host === 'br' ? 16 : 13);
    await expect(page.getByRole('alert').filter({ hasText: 'Campos' })).toBeVisible();
  });
}

test('the identity field is named for the chosen nationality (RG for Brazil, cédula for Paraguay)', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/cadastro'));
  const form = page.locator('main form');
  await waitForIslands(page);
  await expect(form.getByLabel('Identidade (RG)')).toBeVisible();
  await form.getByRole('radio', { name: 'Paraguaio (RUC)' }).click();
  // The nationality also switches the page to Spanish (accounts spec section 4).
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PY');
  await expect(form.getByLabel('Cédula de identidad')).toBeVisible();
  await expect(form.getByLabel('Cédula de identidad (RG)')).toHaveCount(0);
});
