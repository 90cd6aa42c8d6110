import type { Queryable } from '../db/client.ts';

/** Who did it: a signed-in staff member, the command line (npm run staff), or an ERP API key (its prefix). */
export type AuditActor = { staffId: number; email: string } | { staffId: null; email: 'cli' | `api-key:${string}` };

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted verb, domain first: 'staff.add', 'order.ship', 'document.view'. */
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number;
  staff_id: number | null;
  actor: string;
  at: Date;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
}

/** The rows without a staff member: the command line's, or those of ERP API keys. */
export type AuditMachineActor = 'cli' | 'api-key';

export interface AuditFilter {
  staffId?: number;
  machine?: AuditMachineActor;
  action?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
  offset: number;
}

const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function insertAuditRow(db: Queryable, entry: AuditEntry, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (staff_id, actor, at, action, entity_type, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entry.actor.staffId,
      entry.actor.email,
      at,
      entry.action,
      entry.entityType,
      String(entry.entityId),
      toJson(entry.before),
      toJson(entry.after),
    ],
  );
}

export async function selectAuditRows(db: Queryable, filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.machine === 'cli') where.push("staff_id IS NULL AND actor = 'cli'");
  if (filter.machine === 'api-key') where.push("staff_id IS NULL AND actor LIKE 'api-key:%'");
  if (filter.staffId !== undefined) add('staff_id = ?', filter.staffId);
  if (filter.action) add('action = ?', filter.action);
  if (filter.from) add('at >= ?', filter.from);
  if (filter.to) add('at < ?', filter.to);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${clause}`, params);
  const { rows } = await db.query<AuditRow>(
    `SELECT id, staff_id, actor, at, action, entity_type, entity_id, before, after FROM audit_log ${clause}
      ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, filter.offset],
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

export async function selectAuditActions(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action');
  return rows.map((row) => row.action);
}
