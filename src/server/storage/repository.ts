import type { Queryable } from '../db/client.ts';
import type { FileStore } from './service.ts';

/** Stored files as rows of `stored_files` (bytea): shared by every process on the database. */
export function createPostgresFileStore(db: Queryable): FileStore {
  return {
    async put(name, bytes) {
      await db.query('INSERT INTO stored_files (name, bytes) VALUES ($1, $2)', [name, bytes]);
    },
    async get(name) {
      const { rows } = await db.query<{ bytes: Buffer }>('SELECT bytes FROM stored_files WHERE name = $1', [name]);
      return rows[0]?.bytes ?? null;
    },
    async replace(name, bytes) {
      await db.query('INSERT INTO stored_files (name, bytes) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET bytes = EXCLUDED.bytes', [
        name,
        bytes,
      ]);
    },
  };
}
