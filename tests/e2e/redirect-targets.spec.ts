import { expect, test, type Page } from '@playwright/test';
import { createE2eCustomer, waitForIslands } from './support/accounts.ts';
import { storefrontUrl } from './support/hosts.ts';

// Every hostile value goes through the real sign-in in tests/api/redirect-targets.test.ts (the
// server's Location) and src/lib/safe-redirect.test.ts (the rule); here, one of each kind of
// trick, as a browser reads it, with and without JavaScript: run once (desktop), not per viewport.
test.describe.configure({ mode: 'serial' });

/** One value per trick: another scheme, a protocol-relative host, backslashes, stripped controls, userinfo. */
const BROWSER_SAMPLE = [
  'https://evil.example/',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '\u0000//evil.example',
  'javascript:alert(1)',
  'https://br.localhost@evil.example/',
];

/** Read in each test: a worker's stack (and its port) is set once the worker starts. */
const shopOrigin = () => new URL(storefrontUrl('br')).origin;

/** Every request the page makes, so a test can say the browser never asked another host. */
function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  page.on('framenavigated', (frame) => origins.add(new URL(frame.url()).origin));
  return origins;
}

async function signInWithRedirect(page: Page, value: string, customer: { email: string; password: string }, withJs: boolean) {
  await page.goto(storefrontUrl('br', `/login?redirect=${encodeURIComponent(value)}`));
  if (withJs) await waitForIslands(page);
  await page.locator('main input[name="email"]').fill(customer.email);
  await page.locator('main input[name="password"]').fill(customer.password);
  await page.locator('main form button[type="submit"]').click();
  await expect(page, `redirect=${JSON.stringify(value)}`).toHaveURL(`${shopOrigin()}/perfil`);
}

test('sign-in with JavaScript never leaves the shop, whatever redirect= says @desktop', async ({ page }) => {
  const customer = await createE2eCustomer();
  const origins = recordOrigins(page);
  for (const value of BROWSER_SAMPLE) await signInWithRedirect(page, value, customer, true);
  expect([...origins].filter((origin) => origin !== shopOrigin() && origin !== 'null')).toEqual([]);
});

test('sign-in without JavaScript never leaves the shop, whatever redirect= says @desktop', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const customer = await createE2eCustomer();
  const origins = recordOrigins(page);
  for (const value of BROWSER_SAMPLE) await signInWithRedirect(page, value, customer, false);
  expect([...origins].filter((origin) => origin !== shopOrigin() && origin !== 'null')).toEqual([]);
  await context.close();
});

test('a same-site redirect= still brings the shopper back after sign-in, with and without JavaScript @desktop', async ({ browser }) => {
  const customer = await createE2eCustomer();
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(storefrontUrl('br', `/login?redirect=${encodeURIComponent('/perfil/endereco?aba=1')}`));
    if (javaScriptEnabled) await waitForIslands(page);
    await page.locator('main input[name="email"]').fill(customer.email);
    await page.locator('main input[name="password"]').fill(customer.password);
    await page.locator('main form button[type="submit"]').click();
    await expect(page).toHaveURL(`${shopOrigin()}/perfil/endereco?aba=1`);
    await context.close();
  }
});
