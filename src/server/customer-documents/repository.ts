// Every SQL statement of the customer documents (decision 0720): the identity-document rows of a
// customer; the files themselves are in the encrypted store (storage/).
import { isUuid } from '#lib/contract/input.ts';
import type { Queryable } from '../db/client.ts';

export type DocumentSide = 'frente' | 'verso';

export interface StoredDocument {
  uuid: string;
  side: DocumentSide;
  content_type: string;
  size_bytes: number;
  created_at: Date;
}

/** Identity-document rows (the files themselves are in the encrypted store). */
export function createDocumentRepository(db: Queryable) {
  return {
    /** Retires the current file of a side and records the new one; its uuid. */
    async replace(customerId: number, side: DocumentSide, storageName: string, contentType: string, sizeBytes: number): Promise<string> {
      await db.query('UPDATE customer_documents SET replaced_at = now() WHERE customer_id = $1 AND side = $2 AND replaced_at IS NULL', [
        customerId,
        side,
      ]);
      const { rows } = await db.query<{ uuid: string }>(
        'INSERT INTO customer_documents (customer_id, side, storage_name, content_type, size_bytes) VALUES ($1, $2, $3, $4, $5) RETURNING uuid',
        [customerId, side, storageName, contentType, sizeBytes],
      );
      return rows[0]?.uuid ?? '';
    },

    async listCurrent(customerId: number): Promise<StoredDocument[]> {
      const { rows } = await db.query<StoredDocument>(
        'SELECT uuid, side, content_type, size_bytes, created_at FROM customer_documents WHERE customer_id = $1 AND replaced_at IS NULL ORDER BY side',
        [customerId],
      );
      return rows;
    },

    /** Every document file ever stored, retired ones too (a key rotation re-encrypts them all). */
    async listAllStorageNames(): Promise<string[]> {
      const { rows } = await db.query<{ storage_name: string }>('SELECT storage_name FROM customer_documents ORDER BY id');
      return rows.map((row) => row.storage_name);
    },

    async find(customerId: number, uuid: string): Promise<{ storage_name: string; content_type: string; side: DocumentSide } | null> {
      if (!isUuid(uuid)) return null;
      const { rows } = await db.query<{ storage_name: string; content_type: string; side: DocumentSide }>(
        'SELECT storage_name, content_type, side FROM customer_documents WHERE uuid = $1::uuid AND customer_id = $2',
        [uuid, customerId],
      );
      return rows[0] ?? null;
    },
  };
}
