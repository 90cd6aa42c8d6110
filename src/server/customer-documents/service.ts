import type { Queryable } from '../db/client.ts';
import { getLogger } from '../log/index.ts';
import { createDocumentFileStore, readDecrypted, reencryptUnderCurrentKey, storeEncrypted, type FileStore } from '../storage/index.ts';
import { documentError } from './errors.ts';
import { createDocumentRepository, type DocumentSide, type StoredDocument } from './repository.ts';

/** Identity-document files of a customer: encrypted at rest, readable only through the owner's id. */
export function createDocumentService({ db, files = createDocumentFileStore(db) }: { db: Queryable; files?: FileStore }) {
  const documents = createDocumentRepository(db);
  return {
    /**
     * Stores a cleaned file and retires the previous one of the same side. A store that cannot
     * take it (a full disk) is refused 503 with a message saying so: the caller saves nothing
     * else and the form keeps what was typed.
     */
    async saveDocument(customerId: number, side: DocumentSide, file: { bytes: Buffer; contentType: string }): Promise<string> {
      let storageName: string;
      try {
        storageName = await storeEncrypted(files, file.bytes);
      } catch (error) {
        getLogger().error({ err: error }, '[documents] file not stored');
        throw documentError('unavailable', 'notStored');
      }
      return documents.replace(customerId, side, storageName, file.contentType, file.bytes.length);
    },

    async listDocuments(customerId: number): Promise<StoredDocument[]> {
      return documents.listCurrent(customerId);
    },

    /** Encrypts every stored document under the current DOCUMENTS_KEY (npm run secrets -- rotate-documents-key). */
    async reencryptAllDocuments(): Promise<{ total: number; reencrypted: number }> {
      const names = await documents.listAllStorageNames();
      let reencrypted = 0;
      for (const name of names) if (await reencryptUnderCurrentKey(files, name)) reencrypted += 1;
      return { total: names.length, reencrypted };
    },

    /** The decrypted file, only when it belongs to this customer. */
    async readDocument(customerId: number, uuid: string): Promise<{ bytes: Buffer; contentType: string; side: DocumentSide } | null> {
      const row = await documents.find(customerId, uuid);
      if (!row) return null;
      return { bytes: await readDecrypted(files, row.storage_name), contentType: row.content_type, side: row.side };
    },
  };
}
