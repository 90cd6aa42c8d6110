import { fileTypeFromBuffer } from 'file-type';
import type { AccountAddress } from '#lib/contract/accounts.ts';
import type { AuditActor } from '../audit/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { createDocumentFileStore, readDecrypted } from '../storage/index.ts';
import type { BuyerFilters } from '#lib/contract/buyers.ts';
import { buyerError } from './errors.ts';
import {
  BUYER_PAGE_SIZE,
  findBuyerRow,
  findDocumentRow,
  insertBuyerNote,
  listAllBuyerRows,
  listBuyerRows,
  type BuyerListRow,
  selectBuyerDocuments,
  selectBuyerNotes,
  selectBuyerOrders,
} from './repository.ts';

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

export interface BuyerServiceDeps {
  db: Queryable & ConnectionSource;
  clock: Clock;
  /** The customer's saved addresses (addresses domain). */
  listAddresses(customerId: number): Promise<AccountAddress[]>;
}

/** The store's view of buyers: the filtered list, a buyer's page (orders, addresses, documents, notes), staff notes. */
export function createBuyerService({ db, clock, listAddresses }: BuyerServiceDeps) {
  return {
    async listBuyers(filters: BuyerFilters) {
      const result = await listBuyerRows(db, filters);
      return { ...result, page: filters.pagina ?? 1, pages: Math.max(1, Math.ceil(result.total / BUYER_PAGE_SIZE)) };
    },

    /**
     * Every customer the filters match, for a spreadsheet (admins, decision 0515), audited (who,
     * which filters, how many rows) in the read's transaction.
     */
    async exportBuyers(actor: AuditActor, filters: BuyerFilters, cap = 50_000): Promise<BuyerListRow[]> {
      const { pagina: _page, ...chosen } = filters;
      return runInTransaction(db, async (tx) => {
        const rows = await listAllBuyerRows(tx, chosen, cap);
        await recordAudit(
          tx,
          { actor, action: 'customers.export', entityType: 'customers', entityId: '', after: { filters: chosen, rows: rows.length } },
          clock,
        );
        return rows;
      });
    },

    async getBuyer(uuid: string) {
      const buyer = UUID.test(uuid) ? await findBuyerRow(db, uuid) : null;
      if (!buyer) return null;
      const [documents, orders, addresses, notes] = await Promise.all([
        selectBuyerDocuments(db, buyer.id),
        selectBuyerOrders(db, buyer.id),
        listAddresses(buyer.id),
        selectBuyerNotes(db, buyer.id),
      ]);
      return { buyer, documents, orders, addresses, notes };
    },

    /** A staff note on the customer (free text), audited in the same transaction. */
    async addNote(actor: AuditActor, uuid: string, text: string): Promise<void> {
      const body = text.trim();
      if (!body || body.length > 2000) throw buyerError('invalid', 'noteInvalid', { fields: { nota: ['noteInvalid'] } });
      const buyer = UUID.test(uuid) ? await findBuyerRow(db, uuid) : null;
      if (!buyer) throw buyerError('not_found', 'notFound');
      await runInTransaction(db, async (tx) => {
        await insertBuyerNote(tx, { customerId: buyer.id, staffId: actor.staffId, staffEmail: actor.email, body, now: clock.now() });
        await recordAudit(tx, { actor, action: 'customer.note', entityType: 'customer', entityId: uuid, after: { note: body } }, clock);
      });
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
