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

/** Every secret kept in the database, by name. */
export async function listSharedSecrets(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; value: string }>('SELECT name, value FROM server_secrets');
  return new Map(rows.map((row) => [row.name, row.value]));
}

export async function forgetSharedSecret(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM server_secrets WHERE name = $1', [name]);
}
