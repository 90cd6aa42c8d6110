import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDb } from '../support/api.ts';

/**
 * Issue 21: product_rows_state (migration 0910) is bumped once per transaction at its commit, so a
 * transaction that writes products in two statements (the ERP bulk update, the catalogue import's
 * batches) and a checkout's stock take never wait on each other in a cycle. With a bump per
 * statement, A held the version from its first statement while waiting for a row B had locked,
 * and B's trigger waited for the version: PostgreSQL aborted one of them as a deadlock.
 */

const ids: number[] = [];

async function version(): Promise<bigint> {
  const { rows } = await getTestDb().query<{ version: string }>('SELECT version::text FROM product_rows_state');
  return BigInt(rows[0]!.version);
}

beforeAll(async () => {
  const tag = randomUUID().slice(0, 8);
  const { rows } = await getTestDb().query<{ id: number }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id)
     SELECT 'rows-version-' || $1 || '-' || n, 'rows-version-' || $1 || '-' || n, 'Rows version ' || n, 'Rows version ' || n,
            1000, 2, 50, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories)
       FROM generate_series(1, 3) AS n ORDER BY n RETURNING id`,
    [tag],
  );
  ids.push(...rows.map((row) => row.id));
});

afterAll(async () => {
  await getTestDb().query('DELETE FROM products WHERE id = ANY($1::int[])', [ids]);
});

describe('the product rows version under concurrent writers', () => {
  it('lets a two-statement bulk write and a checkout stock take on its rows both commit, and moves the version', async () => {
    const [one, two, three] = ids as [number, number, number];
    const before = await version();
    const a = await getTestDb().connect();
    const b = await getTestDb().connect();
    try {
      await a.query('BEGIN');
      await a.query('UPDATE products SET stock = stock + 1 WHERE id = ANY($1::int[])', [[one, two]]);
      await b.query('BEGIN');
      await b.query('SELECT id FROM products WHERE id = $1 FOR NO KEY UPDATE', [three]);
      // Not awaited: B's update and then A's (which waits for B's row lock) run together.
      const bUpdate = b.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [three]);
      const aUpdate = a.query('UPDATE products SET price_minor = price_minor + 1 WHERE id = $1', [three]);
      const results = await Promise.allSettled([bUpdate.then(() => b.query('COMMIT')), aUpdate.then(() => a.query('COMMIT'))]);
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'committed'))).toEqual([
        'committed',
        'committed',
      ]);
    } finally {
      await Promise.allSettled([a.query('ROLLBACK'), b.query('ROLLBACK')]);
      a.release();
      b.release();
    }
    const { rows } = await getTestDb().query<{ id: number; stock: number; price_minor: string }>(
      'SELECT id, stock, price_minor::text FROM products WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    );
    expect(rows).toEqual([
      { id: one, stock: 51, price_minor: '1000' },
      { id: two, stock: 51, price_minor: '1000' },
      { id: three, stock: 49, price_minor: '1001' },
    ]);
    // Each transaction bumped it (other test files may bump it too, never lower it).
    expect((await version()) - before).toBeGreaterThanOrEqual(2n);
  });

  it('is not locked before the commit, and is bumped once however many statements the transaction has', async () => {
    const [one, two] = ids as [number, number];
    const a = await getTestDb().connect();
    const b = await getTestDb().connect();
    try {
      await a.query('BEGIN');
      await a.query('UPDATE products SET stock = stock + 1 WHERE id = $1', [one]);
      await a.query('UPDATE products SET price_minor = price_minor + 1 WHERE id = $1', [two]);
      // A checkout's trigger would not wait: the version row is free until A commits.
      await b.query('BEGIN');
      await expect(b.query('SELECT version FROM product_rows_state FOR UPDATE NOWAIT')).resolves.toMatchObject({
        rowCount: 1,
      });
      await b.query('ROLLBACK');
      // Fire A's pending bumps now (what COMMIT does); A then holds the row, so only A can change it.
      await a.query('SET CONSTRAINTS ALL IMMEDIATE');
      const bumped = await a.query<{ ctid: string; mine: boolean }>(
        'SELECT ctid::text, xmin = pg_current_xact_id()::xid AS mine FROM product_rows_state',
      );
      expect(bumped.rows[0]!.mine).toBe(true);
      await a.query('UPDATE products SET stock = stock + 1 WHERE id = ANY($1::int[])', [[one, two]]);
      await a.query('SET CONSTRAINTS ALL IMMEDIATE');
      const again = await a.query<{ ctid: string }>('SELECT ctid::text FROM product_rows_state');
      expect(again.rows[0]!.ctid).toBe(bumped.rows[0]!.ctid); // no second row version: bumped once
      await a.query('COMMIT');
    } finally {
      await Promise.allSettled([a.query('ROLLBACK'), b.query('ROLLBACK')]);
      a.release();
      b.release();
    }
  });
});
