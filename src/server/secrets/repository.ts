import type { Queryable } from '../db/client.ts';

/** Stores `candidate` under `name` unless a value is there already; answers the one kept. */
export async function keepSharedSecret(db: Queryable, name: string, candidate: string): Promise<string> {
  const { rows } = await db.query<{ value: string }>(
    `WITH inserted AS (
       INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value
     )
     SELECT value FROM inserted UNION ALL SELECT value FROM server_secrets WHERE name = $1 LIMIT 1`,
    [name, candidate],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${name} could not be stored`);
  return value;
}
