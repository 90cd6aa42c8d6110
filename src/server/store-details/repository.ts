import type { Queryable } from '../db/client.ts';

/** The one row of store details, with `version` (its xmin: any committed write gives a new one). */
export interface StoreDetailsRow {
  details: unknown;
  version: string;
}

export async function findStoreDetails(db: Queryable, { lock = false } = {}): Promise<StoreDetailsRow | null> {
  const { rows } = await db.query<StoreDetailsRow>(
    `SELECT details, xmin::text AS version FROM store_details WHERE id${lock ? ' FOR UPDATE' : ''}`,
  );
  return rows[0] ?? null;
}

export async function saveStoreDetails(tx: Queryable, details: object, staffId: number): Promise<void> {
  await tx.query(
    `INSERT INTO store_details (id, details, updated_at, updated_by) VALUES (true, $1, now(), $2)
     ON CONFLICT (id) DO UPDATE SET details = EXCLUDED.details, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [JSON.stringify(details), staffId],
  );
}
