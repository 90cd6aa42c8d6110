import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createCartService } from '#server/cart/service.ts';
import { systemClock } from '#server/clock.ts';
import { toErrorResult } from '#server/http/error-result.ts';
import { getTestDb } from '../support/api.ts';
import { createTestProduct, newExternalId } from '../support/cart-fixtures.ts';

/**
 * A cart change that loses every retry of its checked write (commit 6f77190): the shopper is asked
 * to try again (409 with the cart catalogue's message), never a 500, and the cart keeps what it
 * had. The cart service runs on the real database; the pool it is given lets another writer win
 * just before each of the cart's writes (cart_write_lines_if_current, alone or batched): the
 * products' stock moves, or the cart moves on to a newer version.
 */
function losingEveryRace(db: pg.Pool, beforeEachWrite: (db: pg.Pool) => Promise<unknown>) {
  let writes = 0;
  const query = async (config: unknown, ...rest: unknown[]) => {
    const name = typeof config === 'object' && config !== null ? (config as { name?: string }).name : undefined;
    if (name?.startsWith('cart-write-lines')) {
      writes += 1;
      await beforeEachWrite(db);
    }
    return (db.query as (...all: unknown[]) => Promise<unknown>)(config, ...rest);
  };
  const racing = new Proxy(db, {
    get: (target, property) => (property === 'query' ? query : Reflect.get(target, property, target)),
  });
  return { db: racing, writes: () => writes };
}

const TRY_AGAIN = {
  'pt-BR': 'Não foi possível atualizar o carrinho. Tente novamente.',
  'es-PY': 'No se pudo actualizar el carrito. Inténtalo de nuevo.',
} as const;

function expectTryAgain(error: unknown): void {
  for (const [locale, message] of Object.entries(TRY_AGAIN) as Array<[keyof typeof TRY_AGAIN, string]>) {
    const answer = toErrorResult(error, locale);
    expect(answer.status, locale).toBe(409);
    expect(answer.body, locale).toEqual({ message });
  }
}

async function readLines(db: pg.Pool, externalId: string) {
  const { rows } = await db.query<{ product_id: number; quantity: number }>(
    'SELECT i.product_id, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1 ORDER BY i.id',
    [externalId],
  );
  return rows;
}

describe('a cart write that loses every retry', () => {
  it('answers 409 "try again" and keeps the cart when its products move before every write, or the cart moves on', async () => {
    const db = getTestDb();
    const actor = { customerId: null, lang: 'pt' as const };
    const product = await createTestProduct({ stock: 50 });
    const externalId = newExternalId();
    const cart = await createCartService({ db, clock: systemClock }).createCart(
      { externalId, currencyId: 2, items: [{ produto_id: product.id, qtde: 2, armazem_id: 1, ativo: true }] },
      actor,
    );
    const saved = [{ product_id: product.id, quantity: 2 }];
    expect(await readLines(db, externalId)).toEqual(saved);

    // The island's change: each read of the product is followed by a sale elsewhere before the write.
    const moving = losingEveryRace(db, (pool) => pool.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [product.id]));
    const change = createCartService({ db: moving.db, clock: systemClock }).updateCart(
      { externalId, cartId: cart.id, currencyId: 2, items: [{ produto_id: product.id, qtde: 3, armazem_id: 1, ativo: true }] },
      actor,
    );
    expectTryAgain(await change.catch((error: unknown) => error));
    expect(moving.writes()).toBeGreaterThan(1);
    expect(await readLines(db, externalId)).toEqual(saved);

    // The no-JS add: every time, another change of the same cart is written first.
    const racing = losingEveryRace(db, (pool) => pool.query('UPDATE carts SET version = version + 1 WHERE external_id = $1', [externalId]));
    const add = createCartService({ db: racing.db, clock: systemClock }).addItem(
      { externalId, currencyId: 2, productId: product.id, quantity: 1 },
      actor,
    );
    expectTryAgain(await add.catch((error: unknown) => error));
    expect(racing.writes()).toBeGreaterThan(1);
    expect(await readLines(db, externalId)).toEqual(saved);
  });
});
