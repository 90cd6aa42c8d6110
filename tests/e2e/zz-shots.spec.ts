import { test } from '@playwright/test';
import { storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

for (const [host, locale] of [['es', 'es-PY'], ['br', 'pt-BR']] as const) {
  test(`shots ${locale}`, async ({ browser }, info) => {
    const staff = await openStaffContext(browser, host, 'admin', locale);
    const page = await staff.newPage();
    for (const [name, path] of [['home', '/painel'], ['pedidos', '/painel/pedidos']]) {
      await page.goto(storefrontUrl(host, path));
      await page.screenshot({ path: `/tmp/w2shots/${info.project.name}-${locale}-${name}.png`, fullPage: true });
    }
    if (info.project.name === 'mobile') {
      await page.getByText(locale === 'es-PY' ? 'Menú' : 'Menu', { exact: true }).click();
      await page.screenshot({ path: `/tmp/w2shots/${info.project.name}-${locale}-menu-open.png` });
    }
    await staff.close();
  });
}
