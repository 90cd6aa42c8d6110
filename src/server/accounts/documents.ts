import type { Queryable } from '../db/client.ts';
import { readDecrypted, storeEncrypted } from '../storage/encrypted-files.ts';
import { createDocumentFileStore } from '../storage/index.ts';

export type DocumentSide = 'frente' | 'verso';

export interface StoredDocument {
  uuid: string;
  side: DocumentSide;
  content_type: string;
  size_bytes: number;
  created_at: Date;
}

/** Identity-document files of a customer: encrypted at rest, readable only through the owner's id. */
export function createDocumentService({ db }: { db: Queryable }) {
  const files = createDocumentFileStore(db);
  return {
    /** Stores a cleaned file and retires the previous one of the same side. */
    async saveDocument(customerId: number, side: DocumentSide, file: { bytes: Buffer; contentType: string }): Promise<string> {
      const storageName = await storeEncrypted(files, file.bytes);
      await db.query('UPDATE customer_documents SET replaced_at = now() WHERE customer_id = $1 AND side = $2 AND replaced_at IS NULL', [customerId, side]);
      const { rows } = await db.query<{ uuid: string }>(
        'INSERT INTO customer_documents (customer_id, side, storage_name, content_type, size_bytes) VALUES ($1, $2, $3, $4, $5) RETURNING uuid',
        [customerId, side, storageName, file.contentType, file.bytes.length],
      );
      return rows[0]?.uuid ?? '';
    },

    async listDocuments(customerId: number): Promise<StoredDocument[]> {
      const { rows } = await db.query<StoredDocument>(
        'SELECT uuid, side, content_type, size_bytes, created_at FROM customer_documents WHERE customer_id = $1 AND replaced_at IS NULL ORDER BY side',
        [customerId],
      );
      return rows;
    },

    /** The decrypted file, only when it belongs to this customer. */
    async readDocument(customerId: number, uuid: string): Promise<{ bytes: Buffer; contentType: string; side: DocumentSide } | null> {
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
      const { rows } = await db.query<{ storage_name: string; content_type: string; side: DocumentSide }>(
        'SELECT storage_name, content_type, side FROM customer_documents WHERE uuid = $1::uuid AND customer_id = $2',
        [uuid, customerId],
      );
      const row = rows[0];
      if (!row) return null;
      return { bytes: await readDecrypted(files, row.storage_name), contentType: row.content_type, side: row.side };
    },
  };
}
