import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { getTestDb, storefrontUrl } from './support/hosts.ts';
import { openStaffContext } from './support/staff-session.ts';

// Destructive panel actions ask before they act: the first press only opens the question.
test('@phone revoking an API key and removing a seller ask first; only "yes" acts', async ({ browser }) => {
  const name = `ERP ${randomBytes(4).toString('hex')}`;
  const secret = `frt_${randomBytes(32).toString('base64url')}`;
  await getTestDb().query('INSERT INTO api_keys (name, prefix, key_hash, scopes) VALUES ($1, $2, $3, $4)', [
    name,
    secret.slice(0, 12),
    createHash('sha256').update(secret).digest(),
    ['stock'],
  ]);
  const revokedAt = async () =>
    (await getTestDb().query<{ revoked_at: Date | null }>('SELECT revoked_at FROM api_keys WHERE name = $1', [name])).rows[0]!.revoked_at;

  const staff = await openStaffContext(browser, 'es', 'admin', 'es-PY');
  const panel = await staff.newPage();
  await panel.goto(storefrontUrl('es', '/painel/chaves-api'));
  const row = panel.locator(`[data-api-key="${secret.slice(0, 12)}"]`);
  await row.getByText('Revocar', { exact: true }).click();
  await expect(row.getByText('¿Revocar esta clave? El sistema que la usa pierde el acceso enseguida.')).toBeVisible();
  expect(await revokedAt()).toBeNull();
  await row.getByRole('button', { name: 'Sí, revocar' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Clave "${name}" revocada: ya no abre ninguna llamada.`);
  expect(await revokedAt()).not.toBeNull();

  await panel.goto(storefrontUrl('es', '/painel/catalogo/vendedores'));
  const seller = panel.locator('[data-seller-id]').first();
  const sellerId = await seller.getAttribute('data-seller-id');
  await seller.getByText('Quitar', { exact: true }).click();
  await expect(seller.getByRole('button', { name: 'Sí, quitar' })).toBeVisible();
  await seller.getByText('Quitar', { exact: true }).click(); // changed their mind: the question closes
  await expect(seller.getByRole('button', { name: 'Sí, quitar' })).toBeHidden();
  await panel.reload();
  await expect(panel.locator(`[data-seller-id="${sellerId}"]`)).toHaveCount(1);
  await staff.close();
});

test('@phone removing a pickup point asks first; "yes" removes it', async ({ browser }) => {
  const db = getTestDb();
  const name = `Punto ${randomBytes(4).toString('hex')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO pickup_points (service_id, name, address, city_id, hours_pt, hours_es, price_minor, days)
     SELECT service_id, $1, 'Calle Palma 100', city_id, '8h-18h', '8h-18h', 10000, 4 FROM pickup_points ORDER BY id LIMIT 1 RETURNING id`,
    [name],
  );
  const pointId = rows[0]!.id;
  const staff = await openStaffContext(browser, 'es', 'admin', 'es-PY');
  const panel = await staff.newPage();
  await panel.goto(storefrontUrl('es', '/painel/catalogo/frete'));
  const form = panel.getByTestId(`form-remover-ponto-${pointId}`);
  await form.getByText('Eliminar', { exact: true }).click();
  await expect(form.getByText('¿Quitar definitivamente? No se puede deshacer.')).toBeVisible();
  expect((await db.query('SELECT 1 FROM pickup_points WHERE id = $1', [pointId])).rowCount).toBe(1);
  await form.getByRole('button', { name: 'Sí, quitar' }).click();
  await expect(panel.getByTestId(`form-remover-ponto-${pointId}`)).toHaveCount(0);
  expect((await db.query('SELECT 1 FROM pickup_points WHERE id = $1', [pointId])).rowCount).toBe(0);
  await staff.close();
});
