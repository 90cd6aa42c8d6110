import { expect, test, type Page } from '@playwright/test';
import { createBuyer, createCartFor, signIn } from './support/checkout.ts';
import { getTestDb, storefrontUrl, type Host } from './support/hosts.ts';

/**
 * Issue 22 point 7: every kind of page, on both hosts, carries a Content-Security-Policy header with
 * hashes (no 'unsafe-inline' for scripts, no nonce) and runs without a single violation: the
 * inline scripts and styles, the islands and the render-blocking `link rel=expect` all work.
 */

declare global {
  interface Window {
    cspViolations: string[];
  }
}

async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** Opens the page, wakes every island (scrolls for `visible`, touches the search for `interaction`), then reads the violations. */
async function visit(page: Page, host: Host, path: string, console: string[]): Promise<void> {
  const response = await page.goto(storefrontUrl(host, path));
  expect(response?.status(), path).toBeLessThan(500);
  const policy = response?.headers()['content-security-policy'];
  expect(policy, path).toMatch(/script-src 'self'( 'sha(256|384|512)-[A-Za-z0-9+/=]+')+/);
  expect(policy, path).not.toMatch(/'unsafe-inline'|nonce-/);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  const search = page.locator('input[type="search"]').first();
  if (await search.isVisible()) await search.focus();
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:not([client="visible"]):not([client="interaction"])').length === 0,
  );
  expect(await page.evaluate(() => window.cspViolations), `${host} ${path}`).toEqual([]);
  expect(console, `${host} ${path}`).toEqual([]);
}

async function getCatalogueAddresses(): Promise<string[]> {
  const product = await getTestDb().query<{ slug: string; brand: string }>(
    'SELECT p.slug, b.slug AS brand FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.in_stock ORDER BY p.id LIMIT 1',
  );
  const row = product.rows[0]!;
  return [
    '/',
    '/produtos',
    `/produto/${row.slug}`,
    '/marcas',
    `/marca/${row.brand}`,
    '/carrinho',
    '/login',
    '/cadastro',
    '/recuperar-senha',
    '/como-comprar',
    '/sobre-nos',
    '/cotacoes',
    '/vendedores',
    '/pagina-que-nao-existe',
  ];
}

for (const host of ['br', 'es'] as const) {
  // One layout per host, crossed over (the scripts are the same on both hosts): both layouts and both hosts run.
  test(`no CSP violation on the visitor's pages of ${host}`, { tag: host === 'br' ? '@phone' : '@desktop' }, async ({ page }) => {
    test.setTimeout(120_000);
    const console = await watchViolations(page);
    for (const path of await getCatalogueAddresses()) await visit(page, host, path, console);
  });

  test(`no CSP violation on the signed-in pages of ${host}`, { tag: host === 'br' ? '@desktop' : '@phone' }, async ({ page, context }) => {
    test.setTimeout(120_000);
    const buyer = await createBuyer(host === 'br' ? 1 : 0);
    await signIn(context, host, buyer.token);
    const cart = await createCartFor(buyer.id, host === 'br' ? 2 : 3);
    await context.addCookies([{ name: 'fronteira_cart', value: cart.externalId, domain: `${host}.localhost`, path: '/' }]);
    const console = await watchViolations(page);
    for (const path of [
      '/perfil',
      '/perfil/dados-pessoais',
      '/perfil/endereco',
      '/perfil/favoritos',
      '/perfil/meus-pedidos',
      '/perfil/alterar-senha',
      '/pedidos',
      '/carrinho',
      '/checkout',
    ]) {
      await visit(page, host, path, console);
    }
  });
}
