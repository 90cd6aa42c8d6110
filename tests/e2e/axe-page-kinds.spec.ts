import { test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createCatalogFixture, type CatalogFixture } from './support/catalog-fixtures.ts';
import { createBuyer, signIn } from './support/checkout.ts';
import { storefrontUrl, type Host } from './support/hosts.ts';

// Issue 19 point 5: every kind of page of both storefronts, with no axe finding of moderate impact
// or higher. The host changes only texts, currency and `lang`; the viewport changes the shell
// (bottom bar and sidebar on phones, mega-menu on desktops) and, for some kinds, the page itself.
// CI time (decision 1360):
// - Kinds whose page differs by device run at 360 px (mobile project) and 1366 px (desktop
//   project), the hosts crossed with the viewports (kind n: br at 360 px and es at 1366 px, kind
//   n+1 the other way round): the server sends other markup by device class (home, listings,
//   search, brand: decision 0110) or the layout rearranges the page (product, cart, checkout).
// - Kinds whose markup is the same for both device classes (byte for byte, nonces aside, measured
//   on both hosts) and whose content is a single column of text or a form run once, half of them
//   at 360 px and half at 1366 px, the hosts alternating: the shell around them is the one the
//   kinds above check at both widths. (Until session 16 all 16 ran at 360 px: the phone project's
//   run took 24 tests, 148 s, against the desktop's 8 and 44 s, one worker busy with it long after
//   the other had finished.)
// - The tests of a project run in one worker, in order, on one page: a new context per kind cost
//   more than the check on a small page. axe on the desktop home takes over a minute under load.
test.describe.configure({ mode: 'default', timeout: 120_000 });

let fx: CatalogFixture;
let context: BrowserContext;
let page: Page;
/** Hosts whose session cookie the shared context holds (customer pages come after the public ones). */
const signedIn = new Set<Host>();

test.beforeAll(async ({ browser }, info) => {
  fx = await createCatalogFixture({ count: 3, outOfStock: 1 });
  const { viewport, isMobile, hasTouch, userAgent } = info.project.use;
  context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

const EACH_WIDTH: Array<[kind: string, path: (f: CatalogFixture) => string]> = [
  ['home', () => '/'],
  ['categories', () => '/produtos'],
  ['category listing', (f) => `/produtos/${f.categorySlug}`],
  ['search results', () => '/produtos?text=furadeira'],
  ['product', (f) => `/produto/${f.products[0]!.slug}`],
  ['brand', (f) => `/marca/${f.brandSlug}`],
  ['cart', () => '/carrinho'],
  ['checkout', () => '/checkout'],
];
const ONE_WIDTH: Array<[kind: string, path: string]> = [
  ['brands', '/marcas'],
  ['brand index', '/marca'],
  ['sellers', '/vendedores'],
  ['about', '/sobre-nos'],
  ['how to buy', '/como-comprar'],
  ['rates', '/cotacoes'],
  ['login', '/login'],
  ['registration', '/cadastro'],
  ['recovery', '/recuperar-senha'],
  ['not found', '/nao-existe-esta-pagina'],
];
const CUSTOMER = [
  '/perfil',
  '/perfil/dados-pessoais',
  '/perfil/endereco',
  '/perfil/alterar-senha',
  '/perfil/favoritos',
  '/perfil/meus-pedidos',
];

/** The two runs of the n-th page kind checked at each width: [host, the tag naming the only project that runs it]. */
function getCrossedRuns(n: number): Array<[Host, string]> {
  return n % 2 === 0
    ? [
        ['br', '@phone'],
        ['es', '@desktop'],
      ]
    : [
        ['es', '@phone'],
        ['br', '@desktop'],
      ];
}
/** The run of the n-th page kind checked once: hosts alternate, and every other pair runs on the other width. */
const getSingleRun = (n: number): [Host, string] => [n % 2 === 0 ? 'br' : 'es', Math.floor(n / 2) % 2 === 0 ? '@phone' : '@desktop'];

async function expectPageWithoutFindings(host: Host, path: string): Promise<void> {
  await page.goto(storefrontUrl(host, path));
  await expectNoAxeFindings(page, `${host}${path}`);
}

EACH_WIDTH.forEach(([kind, path], n) => {
  for (const [host, tag] of getCrossedRuns(n)) {
    test(`${host}: ${kind} page has no moderate, serious or critical axe findings`, { tag }, async () => {
      await expectPageWithoutFindings(host, path(fx));
    });
  }
});
ONE_WIDTH.forEach(([kind, path], n) => {
  const [host, tag] = getSingleRun(n);
  test(`${host}: ${kind} page has no moderate, serious or critical axe findings`, { tag }, async () => {
    await expectPageWithoutFindings(host, path);
  });
});
CUSTOMER.forEach((path, n) => {
  const [host, tag] = getSingleRun(ONE_WIDTH.length + n);
  test(`${host}: customer page ${path} has no moderate, serious or critical axe findings`, { tag }, async () => {
    if (!signedIn.has(host)) {
      await signIn(context, host, (await createBuyer(host === 'br' ? 1 : 0)).token);
      signedIn.add(host);
    }
    await expectPageWithoutFindings(host, path);
  });
});
