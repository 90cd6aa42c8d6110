import pg from 'pg';
import { DB_TYPES, type Queryable } from '../db/client.ts';

/** The channel announcements travel on between processes (and manual SQL edits: see README). */
const CATALOGUE_CHANNEL = 'catalogue_changed';

export async function notifyCatalogueChange(db: Queryable, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, payload]);
}

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries). The
 * caller watches `error`/`end` and opens a new one when it is lost.
 */
export async function openCatalogueListener(connectionString: string, onPayload: (payload: string) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, types: DB_TYPES });
  client.on('notification', (message) => {
    if (message.channel === CATALOGUE_CHANNEL) onPayload(message.payload ?? '');
  });
  await client.connect();
  await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
  return client;
}
