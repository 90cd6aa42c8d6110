import { expect, test, type Locator } from '@playwright/test';
import { HOSTILE_PDFS } from '../support/pdf-bytes.ts';
import { E2E_PASSWORD, makePngFile, uniqueEmail, waitForIslands } from './support/accounts.ts';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { screenshotForReview } from './support/review.ts';

// A PDF whose JavaScript sits inside a compressed object stream: the shopper learns why it was refused.
const hostilePdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: HOSTILE_PDFS['document JavaScript name tree, catalogue compressed too'] as Buffer,
});

async function expectNotRegistered(email: string): Promise<void> {
  const { rows } = await getTestDb().query('SELECT 1 FROM customers WHERE email = $1', [email]);
  expect(rows).toHaveLength(0);
}

/** Said next to the file field and in the form's list of problems. */
async function expectRefusal(form: Locator, text: string): Promise<void> {
  await expect(form.locator('small[role="alert"]').filter({ hasText: text })).toBeVisible();
  await expect(form.getByRole('listitem').filter({ hasText: text })).toBeVisible();
}

test('a Brazilian registration with a scripted PDF as the back of the document is refused with the reason', async ({ page }, testInfo) => {
  const email = uniqueEmail('pdf-br');
  await page.goto(storefrontUrl('br', '/cadastro'));
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
  await form.getByLabel('Documento de identidade (verso)').setInputFiles(hostilePdf('verso.pdf'));
  await form.getByLabel('CEP').fill('85851000');
  await expect(form.getByLabel('Cidade')).toHaveValue('Foz do Iguaçu');
  await form.getByLabel('Número').fill('100');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectRefusal(
    form,
    'Este PDF contém conteúdo ativo (scripts, ações automáticas, anexos ou formulários XFA) e não pode ser aceito.',
  );
  await expect(page).toHaveURL(/\/cadastro$/);
  await expect(form.getByLabel('Nome', { exact: true })).toHaveValue('Joana');
  await screenshotForReview(page, `pdf-refused-br-${testInfo.project.name}.png`, { fullPage: true });
  await expectNotRegistered(email);
});

test('a Paraguayan registration with a scripted PDF as the back of the document is refused with the reason', async ({ page }, testInfo) => {
  const email = uniqueEmail('pdf-es');
  await page.goto(storefrontUrl('es', '/cadastro'));
  const form = page.locator('main form');
  await waitForIslands(page);
  await form.getByLabel('Nombre', { exact: true }).fill('Carlos');
  await form.getByLabel('Apellido').fill('Benítez');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Confirma el e-mail').fill(email);
  await form.getByLabel('Teléfono').fill('981123456');
  await form.getByLabel('Contraseña', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('Confirma la contraseña').fill(E2E_PASSWORD);
  await form.getByLabel('Cédula de identidad').fill('4567890');
  await form.getByLabel('Documento de identidad (frente)').setInputFiles(await makePngFile('frente.png'));
  await form.getByLabel('Documento de identidad (dorso)').setInputFiles(hostilePdf('dorso.pdf'));
  await form.getByLabel('Calle').fill('Avda. Monseñor Rodríguez');
  await form.getByLabel('Departamento').selectOption({ label: 'Alto Paraná' });
  await form.getByLabel('Distrito').selectOption({ label: 'Ciudad del Este' });
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expectRefusal(
    form,
    'Este PDF contiene contenido activo (scripts, acciones automáticas, adjuntos o formularios XFA) y no puede aceptarse.',
  );
  await expect(page).toHaveURL(/\/cadastro$/);
  await screenshotForReview(page, `pdf-refused-es-${testInfo.project.name}.png`, { fullPage: true });
  await expectNotRegistered(email);
});
