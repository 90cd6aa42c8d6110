import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { storefrontUrl, type Host } from './support/hosts.ts';
import { readSetPasswordLink, runStaffCli } from './support/staff.ts';

const PASSWORD = 'Balcao#2026';

const LANGUAGES = [
  {
    host: 'es' as Host, locale: 'es-PY',
    text: { save: 'Guardar contraseña', saved: 'Contraseña definida', password: 'Contraseña', newPassword: 'Nueva contraseña', repeat: 'Repetí la contraseña',
      email: 'Correo electrónico', signIn: 'Entrar', enrol: 'Activá la verificación en dos pasos', code: 'Código de 6 dígitos de la aplicación de autenticación',
      activate: 'Activar', confirm: 'Confirmar', home: 'Inicio', staff: 'Equipo', audit: 'Auditoría', signOut: 'Salir', other: 'Português', otherHome: 'Início', wrongCode: 'Código incorrecto' },
  },
  {
    host: 'br' as Host, locale: 'pt-BR',
    text: { save: 'Salvar senha', saved: 'Senha definida', password: 'Senha', newPassword: 'Nova senha', repeat: 'Repita a senha',
      email: 'E-mail', signIn: 'Entrar', enrol: 'Ative a verificação em duas etapas', code: 'Código de 6 dígitos do aplicativo autenticador',
      activate: 'Ativar', confirm: 'Confirmar', home: 'Início', staff: 'Equipe', audit: 'Auditoria', signOut: 'Sair', other: 'Español', otherHome: 'Inicio', wrongCode: 'Código incorreto' },
  },
];

async function signInWithPassword(page: Page, host: Host, email: string, text: (typeof LANGUAGES)[number]['text']): Promise<void> {
  await page.goto(storefrontUrl(host, '/painel'));
  await expect(page).toHaveURL(/\/painel\/login\?redirect=%2Fpainel$/);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
}

for (const { host, locale, text } of LANGUAGES) {
  test(`an admin created by the CLI sets a password, enrols TOTP and signs in (${locale})`, async ({ page }, testInfo) => {
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
    await page.screenshot({ path: testInfo.outputPath(`enrol-${locale}.png`), fullPage: true });
    // Nothing else opens before the enrolment is done.
    await page.goto(storefrontUrl(host, '/painel/equipe'));
    await expect(page).toHaveURL(/\/painel\/totp$/);
    const shownAgain = (await page.locator('[data-totp-secret]').textContent()) ?? '';
    expect(shownAgain).not.toBe(secret);
    await page.getByLabel(text.code).fill(await generate({ secret: shownAgain }));
    await page.getByRole('button', { name: text.activate }).click();
    await expect(page).toHaveURL(/\/painel$/);
    await expect(page.getByRole('heading', { name: text.home })).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: text.staff }).click();
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`staff-${locale}.png`), fullPage: true });
    await page.getByRole('navigation').getByRole('link', { name: text.audit }).click();
    await expect(page.getByRole('cell', { name: 'staff.totp_enrol' }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`audit-${locale}.png`), fullPage: true });

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
