import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/server/accounts/passwords.ts';
import { apiJson, getHostHeader, getTestDb } from './api.ts';

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
