import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { insertAuditRow, selectAuditActions, selectAuditRows, type AuditEntry, type AuditFilter } from './repository.ts';

/**
 * The one way a staff write is recorded. Call it with the transaction's client, inside the
 * transaction that makes the change, so the change and its row commit (or roll back) together.
 */
export function recordAudit(tx: Queryable, entry: AuditEntry, clock: Clock): Promise<void> {
  return insertAuditRow(tx, entry, clock.now());
}

export function createAuditService({ db }: { db: Queryable }) {
  return {
    listAudit: (filter: AuditFilter) => selectAuditRows(db, filter),
    listActions: () => selectAuditActions(db),
  };
}
