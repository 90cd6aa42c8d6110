import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { hashPassword } from '#server/accounts/passwords.ts';
import { createSessionService } from '#server/accounts/service.ts';
import { systemClock } from '#server/clock.ts';
import { signIn } from './checkout.ts';
import { getTestDb, storefrontUrl, type Host } from './hosts.ts';

export const E2E_PASSWORD = 'Ferramenta#2026';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/** A customer written straight into the run's database, signed in by `signInWithCookie` or, in the sign-in flows' own tests, `signInThroughUi`. */
export async function createE2eCustomer(
  foreignBuyer: 0 | 1 = 1,
  password = E2E_PASSWORD,
): Promise<{ id: number; email: string; password: string }> {
  const email = uniqueEmail('e2e');
  const { rows } = await getTestDb().query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, phone, foreign_buyer, document_type, document, country_id)
     VALUES ($1, $2, 'Ana', 'Teste', '+55 (45) 99999-0000', $3, $4, '', $5) RETURNING id`,
    [email, await hashPassword(password), foreignBuyer, foreignBuyer ? 'CPF' : 'RUC', foreignBuyer ? 1 : 2],
  );
  return { id: Number(rows[0]?.id), email, password };
}

/** Waits until the page's islands are hydrated (Astro drops `ssr`), but those that wait for the shopper's first touch. */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Signs a customer in without the form: a server session and its cookie on the host, as the form
 * leaves them (about two page loads fewer per test, decision 1360). Only the sign-in flows' own
 * tests go through the form (`signInThroughUi`).
 */
export async function signInWithCookie(context: BrowserContext, host: Host, customerId: number): Promise<void> {
  const { token } = await createSessionService({ db: getTestDb(), clock: systemClock }).createSession(customerId);
  await signIn(context, host, token);
}

export async function signInThroughUi(
  page: Page,
  host: Host,
  customer: { email: string; password: string },
  path = '/login',
  /** 'page': only until the landing page's own script ran (its toasts live a few seconds). */
  until: 'islands' | 'page' = 'islands',
): Promise<void> {
  await page.goto(storefrontUrl(host, path));
  await waitForIslands(page);
  await page.locator('main input[name="email"]').fill(customer.email);
  await page.locator('main input[name="password"]').fill(customer.password);
  await page.locator('main form button[type="submit"]').click();
  // The path, not the query: /login?redirect=/perfil/... matches /perfil before the sign-in lands.
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/perfil'));
  // The page script (a module script) has run by DOMContentLoaded; islands hydrate later.
  await page.waitForLoadState('domcontentloaded');
  if (until === 'islands') await waitForIslands(page);
}

export async function makePngFile(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const sharp = (await import('sharp')).default;
  const buffer = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Adds a São Paulo address (CEP 01001-000) through the address modal of /perfil/endereco (pt-BR). */
export async function addSaoPauloAddress(page: Page, name = 'Casa'): Promise<Locator> {
  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome do endereço').fill(name);
  await dialog.getByLabel('CEP').fill('01001000');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('São Paulo');
  await dialog.getByLabel('Número').fill('10');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  return dialog;
}

const PY_LABELS = {
  pt: { name: 'Nome do endereço', street: 'Logradouro', district: 'Bairro' },
  es: { name: 'Nombre de la dirección', street: 'Calle', district: 'Barrio' },
};

/** Fills the address modal's Paraguayan mode with an address in Ciudad del Este (not saved). */
export async function fillCiudadDelEsteAddress(dialog: Locator, language: 'pt' | 'es', name: string): Promise<void> {
  const labels = PY_LABELS[language];
  await dialog.getByLabel(labels.name).fill(name);
  await dialog.getByLabel(labels.street).fill('Avda. San Blas');
  await dialog.getByLabel('Número').fill('55');
  await dialog.getByLabel(labels.district).fill('Centro');
  await dialog.getByLabel('Departamento').selectOption({ label: 'Alto Paraná' });
  await dialog.getByLabel('Distrito').selectOption({ label: 'Ciudad del Este' });
}
