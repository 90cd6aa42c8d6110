import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { storefrontUrl, type Host } from './support/hosts.ts';
import { readSetPasswordLink, runStaffCli } from './support/staff.ts';
import { screenshotForReview } from './support/review.ts';
import { openStaffContext } from './support/staff-session.ts';
import { toBrazilianRegistrationFields } from '#tests/support/registration-fields.ts';

/** The panel's menu: collapsed under 900 px (issue 33 point 10), so a phone opens it first. */
async function openPanelNav(page: Page) {
  const toggle = page.locator('summary.pnl-menu-toggle');
  if (await toggle.isVisible()) {
    const open = await page.locator('details.pnl-menu').evaluate((details) => (details as HTMLDetailsElement).open);
    if (!open) await toggle.click();
  }
  return page.getByRole('navigation');
}

const PASSWORD = 'Balcao#2026';

const LANGUAGES = [
  {
    host: 'es' as Host,
    locale: 'es-PY' as const,
    text: {
      save: 'Guardar contraseña',
      saved: 'Contraseña definida',
      password: 'Contraseña',
      newPassword: 'Nueva contraseña',
      repeat: 'Repite la contraseña',
      email: 'Correo electrónico',
      signIn: 'Entrar',
      enrol: 'Activa la verificación en dos pasos',
      code: 'Código de 6 dígitos de la aplicación de autenticación',
      activate: 'Activar',
      recovery: 'Guarda tus códigos de recuperación',
      recoveryDone: 'Códigos guardados: ir al panel',
      confirm: 'Confirmar',
      home: 'Inicio',
      staff: 'Equipo',
      audit: 'Auditoría',
      customers: 'Clientes',
      offers: 'Ofertas',
      search: 'Buscar',
      openFront: 'Abrir Frente',
      signOut: 'Salir',
      other: 'Português',
      otherHome: 'Início',
      wrongCode: 'Código incorrecto',
    },
  },
  {
    host: 'br' as Host,
    locale: 'pt-BR' as const,
    text: {
      save: 'Salvar senha',
      saved: 'Senha definida',
      password: 'Senha',
      newPassword: 'Nova senha',
      repeat: 'Repita a senha',
      email: 'E-mail',
      signIn: 'Entrar',
      enrol: 'Ative a verificação em duas etapas',
      code: 'Código de 6 dígitos do aplicativo autenticador',
      activate: 'Ativar',
      recovery: 'Guarde os seus códigos de recuperação',
      recoveryDone: 'Já guardei, ir ao painel',
      confirm: 'Confirmar',
      home: 'Início',
      staff: 'Equipe',
      audit: 'Auditoria',
      customers: 'Clientes',
      offers: 'Ofertas',
      search: 'Buscar',
      openFront: 'Abrir Frente',
      signOut: 'Sair',
      other: 'Español',
      otherHome: 'Inicio',
      wrongCode: 'Código incorreto',
    },
  },
];

type Texts = (typeof LANGUAGES)[number]['text'];

/** An admin made by `npm run staff`, its password set through the link, enrolled through the page. */
async function createAdminThroughUi(page: Page, host: Host, locale: string, text: Texts): Promise<{ email: string; secret: string }> {
  const email = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const added = await runStaffCli(['add', email, '--role', 'admin', '--lang', locale, '--origin', storefrontUrl(host, '')]);
  expect(added.code, added.out).toBe(0);

  await page.goto(readSetPasswordLink(added.out));
  await page.getByLabel(text.newPassword).fill(PASSWORD);
  await page.getByLabel(text.repeat).fill(PASSWORD);
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByRole('status')).toContainText(text.saved);

  await signInWithPassword(page, host, email, text);
  await expect(page).toHaveURL(/\/painel\/totp$/);
  await expect(page.getByRole('heading', { name: text.enrol })).toBeVisible();
  await expect(page.getByRole('img')).toBeVisible();
  const secret = (await page.locator('[data-totp-secret]').textContent()) ?? '';
  await screenshotForReview(page, `enrol-${locale}.png`, { fullPage: true });
  // Nothing else opens before the enrolment is done.
  await page.goto(storefrontUrl(host, '/painel/equipe'));
  await expect(page).toHaveURL(/\/painel\/totp$/);
  // The key stays the one the app scanned until enrolment is done (issue 33 point 7).
  const shownAgain = (await page.locator('[data-totp-secret]').textContent()) ?? '';
  expect(shownAgain).toBe(secret);
  await page.getByLabel(text.code).fill(await generate({ secret: shownAgain }));
  await page.getByRole('button', { name: text.activate }).click();
  await expect(page.getByRole('heading', { name: text.recovery })).toBeVisible();
  await expect(page.locator('[data-recovery-codes] li')).toHaveCount(10);
  await screenshotForReview(page, `recovery-${locale}.png`, { fullPage: true });
  await page.getByRole('link', { name: text.recoveryDone }).click();
  await expect(page).toHaveURL(/\/painel$/);
  await expect(page.getByRole('heading', { name: text.home })).toBeVisible();
  return { email, secret: shownAgain };
}

async function signInWithPassword(page: Page, host: Host, email: string, text: Texts): Promise<void> {
  await page.goto(storefrontUrl(host, '/painel'));
  await expect(page).toHaveURL(/\/painel\/login\?redirect=%2Fpainel$/);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
}

for (const { host, locale, text } of LANGUAGES) {
  test(`an admin created by the CLI sets a password, enrols TOTP and signs in (${locale})`, async ({ page }) => {
    const { email, secret: shownAgain } = await createAdminThroughUi(page, host, locale, text);
    await (await openPanelNav(page)).getByRole('link', { name: text.staff }).click();
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    await screenshotForReview(page, `staff-${locale}.png`, { fullPage: true });
    await (await openPanelNav(page)).getByRole('link', { name: text.audit }).click();
    await expect(page.getByRole('cell', { name: 'staff.totp_enrol' }).first()).toBeVisible();
    await screenshotForReview(page, `audit-${locale}.png`, { fullPage: true });

    await page.getByRole('button', { name: text.signOut }).click();
    await expect(page).toHaveURL(/\/painel\/login$/);
    await signInWithPassword(page, host, email, text);
    await expect(page).toHaveURL(/\/painel\/login\/codigo$/);
    await page.getByLabel(text.code).fill('000000');
    await page.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByRole('alert')).toContainText(text.wrongCode);
    // The enrolment used this 30 s step's code: the next step's is the one accepted now.
    await page.getByLabel(text.code).fill(await generate({ secret: shownAgain, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: text.confirm }).click();
    await expect(page).toHaveURL(/\/painel$/);

    await page.getByRole('button', { name: text.other }).click();
    await expect(page.getByRole('heading', { name: text.otherHome })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'es-PY' ? 'pt-BR' : 'es-PY');
  });
}

/** A Brazilian buyer registered from the browser on the br storefront (as its form would), with a PNG front. */
async function registerBuyerInBrowser(page: Page): Promise<string> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
  await page.goto(storefrontUrl('br', '/como-comprar'));
  const fields = { ...toBrazilianRegistrationFields(email, 'Ferramenta#2026'), sobrenome: 'Documentada' };
  const status = await page.evaluate(
    async ({ fields, phone }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 24;
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob as Blob), 'image/png'));
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('frente', png, 'frente.png');
      form.append('verso', png, 'verso.png');
      const contact = await fetch('/api/public/contato-newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ celular: phone }),
      });
      const registered = await fetch('/ecom/cliente/cadastrar', { method: 'POST', body: form });
      return [contact.status, registered.status];
    },
    { fields, phone: `5545${String(Date.now()).slice(-7)}` },
  );
  expect(status).toEqual([201, 201]);
  return email;
}

for (const { host, locale, text } of LANGUAGES) {
  // A signed-in admin by cookie: the sign-in and enrolment pages are the tests above.
  test(`an admin finds a buyer, opens the identity document and sees the offers sign-ups (${locale})`, async ({
    page: shopper,
    browser,
  }) => {
    const buyer = await registerBuyerInBrowser(shopper);
    const context = await openStaffContext(browser, host, 'admin', locale);
    const page = await context.newPage();
    await page.goto(storefrontUrl(host, '/painel'));
    await (await openPanelNav(page)).getByRole('link', { name: text.customers }).click();
    await page.getByRole('searchbox').fill(buyer);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByRole('link', { name: 'Joana Documentada' }).click();
    await expect(page.locator('[data-buyer-document]')).toHaveText('CPF 529.982.247-25');
    await screenshotForReview(page, `buyer-${locale}.png`, { fullPage: true });
    const [documentPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: text.openFront }).click()]);
    await expect(documentPage).toHaveURL(/\/api\/painel\/documentos\/[0-9a-f-]{36}$/);
    // The tab shows the decrypted image (a refused request would show a JSON error).
    await expect.poll(() => documentPage.evaluate(() => document.contentType)).toBe('image/png');
    await documentPage.close();
    await (await openPanelNav(page)).getByRole('link', { name: text.offers }).click();
    await expect(page.locator('[data-offers-table] tbody tr').first()).toBeVisible();
    await screenshotForReview(page, `offers-${locale}.png`, { fullPage: true });
    await context.close();
  });
}
