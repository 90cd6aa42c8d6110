import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { hashPassword } from '../../../src/server/accounts/passwords.ts';
import { getTestDb, storefrontUrl, type Host } from './hosts.ts';

export const E2E_PASSWORD = 'Ferramenta#2026';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/** A customer written straight into the run's database, signed in through the UI by `signInThroughUi`. */
export async function createE2eCustomer(foreignBuyer: 0 | 1 = 1, password = E2E_PASSWORD): Promise<{ id: number; email: string; password: string }> {
  const email = uniqueEmail('e2e');
  const { rows } = await getTestDb().query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, phone, foreign_buyer, document_type, document, country_id)
     VALUES ($1, $2, 'Ana', 'Teste', '+55 (45) 99999-0000', $3, $4, '', $5) RETURNING id`,
    [email, await hashPassword(password), foreignBuyer, foreignBuyer ? 'CPF' : 'RUC', foreignBuyer ? 1 : 2],
  );
  return { id: Number(rows[0]?.id), email, password };
}

/** Waits until every island on the page is hydrated (Astro drops their `ssr` attribute). */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}

export async function signInThroughUi(page: Page, host: Host, customer: { email: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(storefrontUrl(host, path));
  await waitForIslands(page);
  await page.locator('main input[name="email"]').fill(customer.email);
  await page.locator('main input[name="password"]').fill(customer.password);
  await page.locator('main form button[type="submit"]').click();
  // The path, not the query: /login?redirect=/perfil/... matches /perfil before the sign-in lands.
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/perfil'));
  await waitForIslands(page);
}

export async function makePngFile(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const sharp = (await import('sharp')).default;
  const buffer = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#2255aa' } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
