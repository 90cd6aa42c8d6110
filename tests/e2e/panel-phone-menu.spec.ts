import { expect, test } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

// Issue 33 point 10: on a phone the panel's menu is closed, so a page starts in the first
// screen (it took ~475 of 740 px); it opens from the keyboard, without script.
test('@phone the orders page starts in the first screen and the menu opens with the keyboard', async ({ browser }) => {
  const staff = await openStaffContext(browser, 'es', 'admin', 'es-PY');
  const panel = await staff.newPage();
  await panel.goto(storefrontUrl('es', '/painel/pedidos'));
  const heading = panel.getByRole('heading', { level: 1, name: 'Pedidos' });
  const box = await heading.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(740);
  const menu = panel.getByRole('navigation', { name: 'Menú' });
  const customers = menu.getByRole('link', { name: 'Clientes' });
  await expect(customers).toBeHidden();

  await menu.getByText('Menú', { exact: true }).focus();
  await panel.keyboard.press('Enter');
  await expect(customers).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeFindings(panel);
  await panel.keyboard.press('Tab'); // the summary, then the menu's first link: the home
  await panel.keyboard.press('Enter');
  await expect(panel).toHaveURL(/\/painel$/);
  await staff.close();
});
