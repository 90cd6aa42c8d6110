import { randomBytes, randomUUID } from 'node:crypto';
import { createSessionService } from '#server/accounts/service.ts';
import { systemClock } from '#server/clock.ts';
import { getTestDb } from './api.ts';

/** A fresh external id of 32 base64url characters (192 bits). */
export function newExternalId(): string {
  return randomBytes(24).toString('base64url');
}

/** A product of our own (tests run in parallel on one database: never touch seed rows). */
export async function createTestProduct(options: { stock?: number; priceMinor?: number; currencyId?: number; name?: string } = {}) {
  const db = getTestDb();
  const tag = randomUUID().slice(0, 8);
  const { rows } = await db.query<{ id: number; slug: string; code: string }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id, images)
     VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories), $8)
     RETURNING id, slug, code`,
    [
      `T-${tag}`,
      `produto-teste-${tag}`,
      options.name ?? `Produto teste ${tag}`,
      options.name ?? `Producto prueba ${tag}`,
      options.priceMinor ?? 10_000,
      options.currencyId ?? 2,
      options.stock ?? 10,
      JSON.stringify([{ url: '/favicon.svg' }]),
    ],
  );
  return rows[0] as { id: number; slug: string; code: string };
}

/** A customer with an open session; `foreignBuyer` 1 is a Brazilian buyer. */
export async function createTestCustomer(foreignBuyer: 0 | 1 = 0): Promise<{ id: number; token: string; email: string }> {
  const db = getTestDb();
  const email = `cart-${randomUUID()}@example.test`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, foreign_buyer)
     VALUES ($1, 'x', 'Teste', 'Carrinho', $2) RETURNING id`,
    [email, foreignBuyer],
  );
  const id = Number(rows[0]?.id);
  const { token } = await createSessionService({ db, clock: systemClock }).createSession(id);
  return { id, token, email };
}
