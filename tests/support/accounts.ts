import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AccountUser } from '#lib/contract/accounts.ts';
import { AccountAddressSchema, AccountUserSchema } from '#lib/contract/accounts-schema.ts';
import { hashPassword } from '#server/accounts/passwords.ts';
import { apiJson, getHostHeader, getTestDb } from './api.ts';
import { toBrazilianRegistrationFields } from './registration-fields.ts';

/** POST /ecom/cliente/cadastrar's answer when the buyer is registered (201). */
export interface RegisteredAnswer {
  message: string;
  token: string;
  user: AccountUser;
}

/** POST /ecom/me: the signed-in user and the active addresses. */
export const AccountMeSchema = AccountUserSchema.extend({ enderecos: z.array(AccountAddressSchema) });
export type AccountMe = z.infer<typeof AccountMeSchema>;

/** GET /ecom/cliente/address. */
export const AddressListSchema = z.object({ data: z.array(AccountAddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

export const TEST_PASSWORD = 'Ferramenta#2026';

export interface TestCustomer {
  id: number;
  uuid: string;
  email: string;
  password: string;
}

/** A customer written straight into the test database (unique e-mail), with TEST_PASSWORD. */
export async function createTestCustomer(options: { foreignBuyer?: 0 | 1; password?: string } = {}): Promise<TestCustomer> {
  const email = `acc-${randomUUID().slice(0, 12)}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const foreignBuyer = options.foreignBuyer ?? 1;
  const { rows } = await getTestDb().query<{ id: string; uuid: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, phone, foreign_buyer, document_type, document)
     VALUES ($1, $2, 'Teste', 'Cliente', '+55 (45) 99999-0000', $3, $4, $5) RETURNING id, uuid`,
    [email, await hashPassword(password), foreignBuyer, foreignBuyer ? 'CPF' : 'RUC', foreignBuyer ? '529.982.247-25' : ''],
  );
  const row = rows[0];
  if (!row) throw new Error('customer not created');
  return { id: Number(row.id), uuid: row.uuid, email, password };
}

export async function signIn(customer: { email: string; password: string }, host: 'br' | 'es' = 'br'): Promise<string> {
  const { status, body } = await apiJson<{ token: string }>('/ecom/login', {
    method: 'POST',
    host,
    json: { email: customer.email, password: customer.password },
  });
  if (status !== 200) throw new Error(`login failed with ${status}: ${JSON.stringify(body)}`);
  return body.token;
}

/** The Origin header a browser on that storefront sends (Astro refuses bodiless or form POSTs without it). */
export function sameOrigin(host: 'br' | 'es' = 'br'): Record<string, string> {
  return { origin: `http://${getHostHeader(host)}` };
}

/** A small real image, as a browser would upload it. */
export async function makePng(color = '#3366aa'): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export function uniqueEmail(prefix = 'reg'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/** The multipart body of a Brazilian registration (valid unless overridden). */
export async function brazilianRegistration(overrides: Record<string, string | Blob | null> = {}): Promise<FormData> {
  const email = uniqueEmail();
  const png = await makePng();
  const fields: Record<string, string | Blob | null> = {
    ...toBrazilianRegistrationFields(email, TEST_PASSWORD),
    email_confirmation: email.toUpperCase(),
    frente: new Blob([new Uint8Array(png)], { type: 'image/png' }),
    verso: new Blob([new Uint8Array(MINIMAL_PDF)], { type: 'application/pdf' }),
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    if (value instanceof Blob) form.append(key, value, key === 'frente' ? 'frente.png' : 'verso.pdf');
    else form.append(key, value);
  }
  return form;
}
