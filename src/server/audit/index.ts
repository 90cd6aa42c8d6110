import { systemClock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { getPool } from '../db/client.ts';
import type { AuditEntry } from './repository.ts';
import { createAuditService, recordAudit } from './service.ts';

export type { AuditActor, AuditEntry } from './repository.ts';

/** `await writeAudit(tx, { actor, action, entityType, entityId, before, after })` inside the write's transaction. */
export function writeAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  return recordAudit(tx, entry, systemClock);
}

export function getAuditService() {
  return createAuditService({ db: getPool() });
}
export { AUDIT_PAGE_SIZE, readAuditQuery, toAuditChange, toAuditWho } from './routes.ts';
