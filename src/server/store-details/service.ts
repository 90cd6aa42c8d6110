// The store's own details (issue 33 point 3): saved by an admin in the panel, read by every page,
// e-mail and order document. Pages render on every request, so the read is kept in memory until
// a save announces `store` (this process at once, the others through the catalogue relay).
import type pg from 'pg';
import { StoreDetailsSchema, type StoreDetails } from '#lib/contract/store-details.ts';
import type { AuditActor, AuditEntry } from '../audit/index.ts';
import { createCache } from '../cache/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { storeDetailsError } from './errors.ts';
import { findStoreDetails, saveStoreDetails } from './repository.ts';

interface StoreDetailsDeps {
  db: Queryable;
  connect: () => Promise<pg.PoolClient>;
  writeAudit(tx: Queryable, entry: AuditEntry): Promise<void>;
  announce(tags: readonly CatalogueTag[]): void;
}

/** Kept until a save announces `store`; a missed announcement (a relay reconnecting) is corrected within ttlMs. */
const savedDetails = createCache<'store', Promise<StoreDetails | null>>({
  name: 'store-details',
  maxEntries: 1,
  ttlMs: 60_000,
  clearOn: ['store'],
});

/** The stored row as the contract reads it; a row the schema no longer reads counts as none (pages stay whole). */
function toDetails(row: { details: unknown } | null): StoreDetails | null {
  if (!row) return null;
  const parsed = StoreDetailsSchema.safeParse(row.details);
  return parsed.success ? parsed.data : null;
}

export function createStoreDetailsService({ db, connect, writeAudit, announce }: StoreDetailsDeps) {
  return {
    /** The saved details (null before the first save), from memory when nothing changed since. */
    getDetails(): Promise<StoreDetails | null> {
      return savedDetails.getOrSet('store', () => findStoreDetails(db).then(toDetails));
    },

    /** The details and their version, for the panel's form (read fresh). */
    async getForEdit(): Promise<{ details: StoreDetails | null; version: string }> {
      const row = await findStoreDetails(db);
      return { details: toDetails(row), version: row?.version ?? '' };
    },

    /** Saves the whole set, unless someone saved since the form's `version`; audited; announced after COMMIT. */
    async save(actor: Extract<AuditActor, { staffId: number }>, version: string, details: StoreDetails): Promise<void> {
      await runInTransaction({ connect }, async (tx) => {
        const current = await findStoreDetails(tx, { lock: true });
        if ((current?.version ?? '') !== version)
          throw storeDetailsError('conflict', 'error_changed_meanwhile', { code: 'changed_meanwhile' });
        await saveStoreDetails(tx, details, actor.staffId);
        await writeAudit(tx, {
          actor,
          action: current ? 'store_details.update' : 'store_details.create',
          entityType: 'store_details',
          entityId: 'store',
          before: (current?.details as Record<string, unknown> | undefined) ?? null,
          after: details,
        });
      });
      savedDetails.clear();
      announce(['store']);
    },
  };
}
export type StoreDetailsService = ReturnType<typeof createStoreDetailsService>;
