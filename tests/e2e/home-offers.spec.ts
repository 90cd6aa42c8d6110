import { expect, test } from '@playwright/test';
import { getTestDb, storefrontUrl } from './support/hosts.ts';

test.describe.configure({ timeout: 60_000 });
let counter = 0;
const uniqueDigits = (prefix: string, length: number) => {
  counter += 1;
  const tail = `${Date.now()}${process.pid}${counter}`.slice(-(length - prefix.length));
  return prefix + tail.padStart(length - prefix.length, '7');
};

async function expectStored(digits: string) {
  await expect
    .poll(async () => (await getTestDb().query('SELECT 1 FROM newsletter_contacts WHERE phone_digits = $1', [digits])).rowCount)
    .toBe(1);
}

test('pt-BR: the phone is formatted while typing, validated, and sent', { tag: '@desktop' }, async ({ page }) => {
  await page.goto(storefrontUrl('br', '/'));
  const input = page.locator('#offers-phone');
  const submit = page.locator('[data-testid="offers-form"] button[type="submit"]');
  await input.click();
  await input.pressSequentially('4599');
  await expect(input).toHaveValue('(45) 99');
  await expect(submit).toBeDisabled();
  await input.blur();
  await expect(page.locator('#offers-hint')).toHaveText('O celular deve ter pelo menos 10 caracteres.');
  const digits = uniqueDigits('459', 11);
  await input.fill('');
  await input.pressSequentially(`${digits}99`);
  await expect(input).toHaveValue(`(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(submit).toHaveText('Enviado!');
  // One phone rule (issue 19): a number the rule reads is kept with its country code.
  await expectStored(`55${digits}`);
  await expect(page).toHaveURL(storefrontUrl('br', '/'), { timeout: 5000 });
  await expect(input).toHaveValue('');
});

test('es-PY: +595 numbers are grouped and sent as digits', { tag: '@desktop' }, async ({ page }) => {
  await page.goto(storefrontUrl('es', '/'));
  const input = page.locator('#offers-phone');
  const digits = uniqueDigits('595981', 12);
  await input.click();
  await input.pressSequentially(digits);
  await expect(input).toHaveValue(`+595 ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`);
  await page.locator('[data-testid="offers-form"] button[type="submit"]').click();
  await expect(page.locator('[data-testid="offers-form"] button[type="submit"]')).toHaveText('¡Enviado!');
  await expectStored(digits);
});

test('es-AR: +549 numbers are formatted the Argentine way', { tag: '@desktop' }, async ({ page }) => {
  await page.goto(storefrontUrl('es', '/?lang=es-AR'));
  const input = page.locator('#offers-phone');
  await input.click();
  await input.pressSequentially('5491123456789');
  await expect(input).toHaveValue('+54 9 11 2345-6789');
});

test('the mobile form keeps what is typed (15 characters at most) and really sends', { tag: '@phone' }, async ({ page }) => {
  for (const host of ['br', 'es'] as const) {
    await page.goto(storefrontUrl(host, '/'));
    const input = page.locator('#offers-phone');
    await input.scrollIntoViewIfNeeded();
    await expect(input).toHaveAttribute('maxlength', '15');
    const digits = uniqueDigits(host === 'br' ? '4198' : '0971', 10);
    await input.fill(digits);
    await expect(input).toHaveValue(digits);
    await page.locator('[data-testid="offers-form"] button[type="submit"]').click();
    // One phone rule (issue 19): a Paraguayan mobile typed the local way, 0971 ..., is kept with its country code.
    await expectStored(host === 'es' ? `595${digits.slice(1)}` : digits);
  }
});

test('"receive offers" in the top bar scrolls to the offers block on home', async ({ page }) => {
  await page.goto(storefrontUrl('br', '/'));
  await page.locator('.topbar [data-offers-link]').click();
  await expect(page.locator('#ofertas')).toBeInViewport();
});

test('"receive offers" from another page goes home, then scrolls to the offers block after 2 s', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-01-05T12:00:00Z') });
  await page.goto(storefrontUrl('br', '/sobre-nos'));
  await page.clock.pauseAt(new Date('2026-01-05T12:01:00Z')); // time moves only when the test says
  // The top bar on desktop, the mobile top header on phones.
  await page.locator('[data-offers-link]:visible').first().click();
  await expect(page).toHaveURL(storefrontUrl('br', '/'));
  const offers = page.locator('#ofertas');
  await expect(offers).toBeAttached();
  // The 2 s count from when the page's shell controls start (they mark the sidebar ready): a
  // loaded phone may start them late, so the paused clock moves in small steps until then.
  const controlsStarted = page.locator('dialog[data-sidebar][data-ready]');
  for (let step = 0; step < 100 && (await controlsStarted.count()) === 0; step += 1) await page.clock.runFor(50);
  await expect(controlsStarted).toBeAttached();
  await page.clock.runFor(1_900);
  await expect(offers).not.toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await page.clock.runFor(200);
  await expect(offers).toBeInViewport();
  // Only once: coming back home later does not scroll again.
  await page.goto(storefrontUrl('br', '/'));
  await page.clock.runFor(3_000);
  expect(await page.evaluate(() => scrollY)).toBe(0);
});
