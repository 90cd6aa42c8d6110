import { fileTypeFromBuffer } from 'file-type';
import type { AuditActor } from '../audit/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { createDocumentFileStore, readDecrypted } from '../storage/index.ts';
import { findBuyerRow, findDocumentRow, searchBuyerRows, selectBuyerDocuments } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The only types an identity document can be once cleaned at upload. */
const VIEWABLE = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['application/pdf', 'pdf'],
]);

export interface OpenedDocument {
  bytes: Buffer;
  /** From the bytes themselves, never from what was stored beside them. */
  contentType: string;
  fileName: string;
}

/** The store's view of buyers: search, a buyer's data, and their identity documents (admins). */
export function createBuyerService({ db, clock }: { db: Queryable & ConnectionSource; clock: Clock }) {
  return {
    searchBuyers: (text: string) => (text.trim().length >= 3 ? searchBuyerRows(db, text.trim().slice(0, 100), 50) : Promise.resolve([])),

    async getBuyer(uuid: string) {
      const buyer = UUID.test(uuid) ? await findBuyerRow(db, uuid) : null;
      return buyer ? { buyer, documents: await selectBuyerDocuments(db, buyer.id) } : null;
    },

    /** Decrypts one document for a staff member and records the view; null when unknown. */
    async openDocument(actor: AuditActor, uuid: string): Promise<OpenedDocument | null> {
      if (!UUID.test(uuid)) return null;
      const row = await findDocumentRow(db, uuid);
      if (!row) return null;
      const bytes = await readDecrypted(createDocumentFileStore(db), row.storage_name);
      const detected = (await fileTypeFromBuffer(bytes))?.mime ?? '';
      const extension = VIEWABLE.get(detected);
      await runInTransaction(db, (tx) =>
        recordAudit(
          tx,
          {
            actor,
            action: 'document.view',
            entityType: 'customer_document',
            entityId: uuid,
            after: { customer: row.customer_uuid, side: row.side, replaced: row.replaced },
          },
          clock,
        ),
      );
      return {
        bytes,
        contentType: extension ? detected : 'application/octet-stream',
        fileName: `documento-${row.side}-${row.customer_uuid.slice(0, 8)}.${extension ?? 'bin'}`,
      };
    },
  };
}
