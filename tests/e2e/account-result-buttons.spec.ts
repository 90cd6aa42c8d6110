import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mail.ts';
import { createE2eCustomer, signInWithCookie, waitForIslands } from './support/accounts.ts';
import { storefrontUrl, type Host } from './support/hosts.ts';

/**
 * The e-mail confirmed and password reset pages end on buttons (links styled as buttons) that
 * were empty green bars: text painted the colour of its background (issue 19). Every button of
 * these result pages, success and error alike, must show its text.
 */

/** Each visible button of the page's card: its text, text colour and background colour. */
async function readButtons(page: Page) {
  return page.locator('main.acc-card').evaluate((card) =>
    [...card.querySelectorAll<HTMLElement>('a.acc-button, button, .acc-button')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const style = getComputedStyle(element);
        return { text: element.innerText.trim(), color: style.color, background: style.backgroundColor };
      }),
  );
}

async function expectReadableButtons(page: Page, names: string[]) {
  const buttons = await readButtons(page);
  expect(buttons.map((button) => button.text)).toEqual(names);
  for (const button of buttons) {
    expect(button.background, `${button.text} has a background of its own`).not.toBe('rgba(0, 0, 0, 0)');
    expect(button.color, `${button.text}: text colour differs from its background`).not.toBe(button.background);
  }
}

const TEXTS = {
  br: { login: 'Ir para o login', home: 'Ir para o início', confirmed: 'E-mail confirmado com sucesso!' },
  es: { login: 'Ir al inicio de sesión', home: 'Ir al inicio', confirmed: '¡E-mail confirmado con éxito!' },
} as const;

for (const host of ['br', 'es'] as const satisfies Host[]) {
  test(`${host}: e-mail confirmed page, and its error page, show the text of their buttons`, async ({ page, context }) => {
    const customer = await createE2eCustomer(host === 'br' ? 1 : 0);
    await signInWithCookie(context, host, customer.id);
    await page.goto(storefrontUrl(host, '/perfil'));
    await page.evaluate(async () => {
      await fetch('/ecom/cliente/reenviar-email', { method: 'POST' });
    });
    const mail = await waitForMail(process.env.TEST_DATA_DIR ?? '', customer.email, (m) =>
      m.links.some((link) => link.includes('/app/confirmation-email/')),
    );
    const link = mail.links.find((l) => l.includes('/app/confirmation-email/')) ?? '';
    await page.goto(link.replace(/^https?:\/\/[^/]+/, storefrontUrl(host, '')));
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.locator('.acc-success')).toBeVisible();
    await expectReadableButtons(page, [TEXTS[host].login]);
    await page.goto(storefrontUrl(host, '/app/confirmation-email/only-one-part'));
    await expect(page.getByRole('alert')).toBeVisible();
    await expectReadableButtons(page, [TEXTS[host].home]);
  });

  test(`${host}: password reset done page shows the text of its button`, async ({ page }) => {
    const customer = await createE2eCustomer(host === 'br' ? 1 : 0);
    await page.goto(storefrontUrl(host, '/recuperar-senha'));
    await waitForIslands(page);
    await page.evaluate(async (email) => {
      await fetch('/ecom/cliente/recuperar-senha', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    }, customer.email);
    const mail = await waitForMail(process.env.TEST_DATA_DIR ?? '', customer.email, (m) =>
      m.links.some((link) => link.includes('/app/reset-password/')),
    );
    const link = mail.links.find((l) => l.includes('/app/reset-password/')) ?? '';
    await page.goto(link.replace(/^https?:\/\/[^/]+/, storefrontUrl(host, '')));
    await waitForIslands(page);
    await page.locator('main input[type="password"]').nth(0).fill('Nova#Senha77');
    await page.locator('main input[type="password"]').nth(1).fill('Nova#Senha77');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('.acc-success')).toBeVisible();
    await expectReadableButtons(page, [TEXTS[host].login]);
  });
}
