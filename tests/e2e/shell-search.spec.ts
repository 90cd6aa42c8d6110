import { expect, test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';

test.describe.configure({ timeout: 60_000 });

for (const host of ['br', 'es'] as const) {
  const term = host === 'br' ? 'furadeira' : 'taladro';

  test(`search suggestions on ${host}: 2 characters, at most 4 shown, no-results, blur and submit`, async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/public/products')) requests.push(request.url());
    });
    await page.goto(storefrontUrl(host, '/sobre-nos'));
    const input = page.getByRole('search').getByRole('combobox');
    const panel = page.getByTestId('search-suggestions');
    await input.click();
    await input.pressSequentially('f');
    await page.waitForTimeout(400);
    await expect(panel).toBeHidden();
    expect(requests).toHaveLength(0);

    await input.fill('');
    await input.pressSequentially(term);
    const options = panel.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(4);
    // Debounced: far fewer requests than keystrokes.
    expect(requests.length).toBeLessThan(term.length - 2);
    const last = new URL(requests.at(-1) ?? '');
    expect(last.searchParams.get('per_page')).toBe('5');
    expect(last.searchParams.get('text')).toBe(term);
    await expect(options.first().locator('a')).toHaveAttribute('href', /^\/produto\//);
    await expect(options.first()).toContainText(host === 'br' ? 'U$' : 'G$');

    await input.fill('zzqxwy');
    await expect(panel.getByRole('status')).toContainText('zzqxwy');

    await input.fill(term);
    await expect(options.first()).toBeVisible();
    await input.evaluate((element) => (element as HTMLInputElement).blur());
    await expect(panel).toBeHidden();

    await input.fill(` ${term} `);
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/produtos\\?text=\\+?${term}`));
  });

  test(`an empty search is not submitted on ${host}`, async ({ page }) => {
    await page.goto(storefrontUrl(host, '/sobre-nos'));
    const input = page.getByRole('search').getByRole('combobox');
    await input.fill('   ');
    await input.press('Enter');
    await expect(page).toHaveURL(storefrontUrl(host, '/sobre-nos'));
  });
}

test('without JavaScript the search is a plain form to /produtos', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(storefrontUrl('br', '/'));
  const form = page.getByRole('search');
  await expect(form).toHaveAttribute('action', '/produtos');
  await form.getByRole('combobox').fill('serra');
  await form.getByRole('combobox').press('Enter');
  await expect(page).toHaveURL(/\/produtos\?text=serra/);
  await context.close();
});
