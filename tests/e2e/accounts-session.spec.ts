import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail.ts';
import {
  addSaoPauloAddress,
  createE2eCustomer,
  fillCiudadDelEsteAddress,
  signInThroughUi,
  signInWithCookie,
  waitForIslands,
} from './support/accounts.ts';
import { createCartFor } from './support/checkout.ts';
import { storefrontUrl } from './support/hosts.ts';

test('a protected page sends to /login with the full path and comes back after sign-in', { tag: '@desktop' }, async ({ page }) => {
  const customer = await createE2eCustomer();
  await page.goto(storefrontUrl('br', '/perfil/endereco?aba=1'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fperfil%2Fendereco%3Faba%3D1$/);
  await waitForIslands(page);
  await page.locator('main input[name="email"]').fill(customer.email);
  await page.locator('main input[name="password"]').fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toContainText('E-mail ou senha inválidos.');
  await page.locator('main input[name="password"]').fill(customer.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/perfil\/endereco\?aba=1$/);
  await expect(page.getByRole('heading', { name: 'Endereços de entrega' })).toBeVisible();
});

test('logout asks for confirmation, ends the session and returns to /login', async ({ page, context }) => {
  await signInWithCookie(context, 'es', (await createE2eCustomer(0)).id);
  await page.goto(storefrontUrl('es', '/perfil'));
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Salir' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('¿Deseas salir de tu cuenta?');
  await dialog.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(storefrontUrl('es', '/perfil'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fperfil$/);
});

test('recovery mail link resets the password, then the new password signs in', { tag: '@phone' }, async ({ page }) => {
  const customer = await createE2eCustomer();
  await page.goto(storefrontUrl('br', '/recuperar-senha'));
  await waitForIslands(page);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText('enviamos um link');
  await expect(page.getByRole('link', { name: 'Voltar para o login' })).toBeVisible();
  const mail = await waitForMail(process.env.TEST_DATA_DIR ?? '', customer.email, (m) => /Redefini/.test(m.subject));
  const link = mail.links.find((l) => l.includes('/app/reset-password/')) ?? '';
  await page.goto(link);
  await waitForIslands(page);
  await page.getByLabel('Nova senha').fill('Nova#Senha77');
  await page.getByLabel('Confirme a senha').fill('Outra#Senha77');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByRole('alert')).toContainText('As senhas não coincidem. Tente novamente.');
  await page.getByLabel('Confirme a senha').fill('Nova#Senha77');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o login' })).toBeVisible();
  await signInThroughUi(page, 'br', { email: customer.email, password: 'Nova#Senha77' });
});

test('the confirmation link confirms the e-mail once', { tag: '@desktop' }, async ({ page, context }) => {
  const customer = await createE2eCustomer();
  await signInWithCookie(context, 'br', customer.id);
  await page.goto(storefrontUrl('br', '/perfil'));
  await waitForIslands(page);
  await expect(page.getByText('E-mail não confirmado')).toBeVisible();
  await page.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click();
  await expect(page.getByRole('status')).toContainText('Verifique sua caixa de entrada');
  const mail = await waitForMail(process.env.TEST_DATA_DIR ?? '', customer.email, (m) => /Confirme/.test(m.subject));
  await page.goto(mail.links[0] ?? '');
  await expect(page.getByText('E-mail confirmado com sucesso!')).toBeVisible();
  await page.goto(mail.links[0] ?? '');
  await expect(page.getByRole('alert')).toBeVisible();
  await page.goto(storefrontUrl('br', '/perfil'));
  await expect(page.getByText('E-mail confirmado', { exact: true })).toBeVisible();
  await page.goto(storefrontUrl('br', '/app/confirmation-email/only-one-part'));
  await expect(page.getByRole('alert')).toContainText('O link de confirmação do e-mail está incompleto');
});

test('addresses: add a Brazilian and a Paraguayan one, set main, delete', async ({ page, context }) => {
  await signInWithCookie(context, 'br', (await createE2eCustomer()).id);
  await page.goto(storefrontUrl('br', '/perfil/endereco'));
  await waitForIslands(page);
  await expect(page.getByText('Nenhum endereço cadastrado.')).toBeVisible();
  const dialog = await addSaoPauloAddress(page);
  await expect(page.locator('[data-address]')).toHaveCount(1);
  await expect(page.locator('[data-address]').first()).toContainText('Principal');

  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  await dialog.getByRole('radio', { name: 'Endereço no Paraguai' }).check();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Este campo é Obrigatório').first()).toBeVisible();
  await fillCiudadDelEsteAddress(dialog, 'pt', 'Loja CDE');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const rows = page.locator('[data-address]');
  await expect(rows).toHaveCount(2);

  await rows.filter({ hasText: 'Loja CDE' }).getByRole('button', { name: 'Tornar principal' }).click();
  await expect(rows.first()).toContainText('Loja CDE');
  await expect(rows.first()).toContainText('Principal');

  // The shop's own dialog, not the browser's confirm(): Escape cancels, the button deletes.
  await rows.filter({ hasText: 'Casa' }).getByRole('button', { name: 'Excluir' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Excluir este endereço?' });
  await expect(confirmDelete).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirmDelete).toBeHidden();
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: 'Casa' }).getByRole('button', { name: 'Excluir' }).click();
  await confirmDelete.getByRole('button', { name: 'Excluir' }).click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
});

test('password change in the customer area', { tag: '@phone' }, async ({ page, context }) => {
  const customer = await createE2eCustomer(0);
  await signInWithCookie(context, 'es', customer.id);
  await page.goto(storefrontUrl('es', '/perfil/alterar-senha'));
  await waitForIslands(page);
  await page.getByLabel('Contraseña actual').fill('Wrong#Pass1');
  await page.getByLabel('Nueva contraseña').fill('Nueva#Clave88');
  await page.getByLabel('Confirma la contraseña').fill('Nueva#Clave88');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña actual no coincide.')).toBeVisible();
  await page.getByLabel('Contraseña actual').fill(customer.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Contraseña cambiada con éxito.')).toBeVisible();
});

test("checkout's embedded sign-in links to registration (back to /checkout) and to recovery", async ({ page }) => {
  const cart = await createCartFor(null, 3);
  await page.context().addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: 'es.localhost', path: '/' }]);
  await page.goto(storefrontUrl('es', '/checkout'));
  const login = page.locator('.co-login');
  await expect(login.getByRole('link', { name: '¿Todavía no tienes cuenta? Regístrate' })).toHaveAttribute(
    'href',
    '/cadastro?redirect=%2Fcheckout',
    { timeout: 15_000 },
  );
  await expect(login.getByRole('link', { name: 'Olvidé mi contraseña' })).toHaveAttribute('href', '/recuperar-senha');
});
