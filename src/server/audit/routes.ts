import type { AuditFilter, AuditRow } from './repository.ts';

export const AUDIT_PAGE_SIZE = 50;

/** Dates typed in the panel are the store's days: Paraguay is UTC-3 all year (since 2024). */
const STORE_OFFSET = '-03:00';

export interface AuditQuery {
  filter: AuditFilter;
  /** What the filter form shows again. */
  values: { who: string; action: string; from: string; to: string };
  page: number;
  dateInvalid: boolean;
}

function toStoreDay(value: string): Date | null {
  const [year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)?.slice(1).map(Number) ?? [];
  if (!year || !month || !day) return null;
  // 2026-02-30 is no day (Date would roll it over to March).
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day || month > 12) return null;
  return new Date(`${value}T00:00:00${STORE_OFFSET}`);
}

/** The audit page's query (?who=&action=&from=&to=&page=); a bad date is reported, not a 500. */
export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const who = (params.get('who') ?? '').slice(0, 20);
  const action = (params.get('action') ?? '').slice(0, 80);
  const fromText = (params.get('from') ?? '').slice(0, 10);
  const toText = (params.get('to') ?? '').slice(0, 10);
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber : 1;
  const from = fromText ? toStoreDay(fromText) : undefined;
  const toStart = toText ? toStoreDay(toText) : undefined;
  const to = toStart ? new Date(toStart.getTime() + 24 * 3600 * 1000) : toStart;
  const dateInvalid = from === null || to === null || (from !== undefined && to !== undefined && from >= to);
  const staffId = /^\d{1,15}$/.test(who) ? Number(who) : undefined;
  const filter: AuditFilter = {
    ...(staffId !== undefined ? { staffId } : {}),
    ...(who === 'cli' || who === 'api-key' ? { machine: who } : {}),
    ...(action ? { action } : {}),
    ...(!dateInvalid && from ? { from } : {}),
    ...(!dateInvalid && to ? { to } : {}),
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  };
  return { filter, values: { who, action, from: fromText, to: toText }, page, dateInvalid };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a row changed: with two objects, only the keys whose values differ; otherwise both whole. */
export function toAuditChange(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Who wrote a row, for the audit page: a staff member's e-mail, an ERP API key's prefix, or the command line. */
export function toAuditWho(
  row: Pick<AuditRow, 'staff_id' | 'actor'>,
): { kind: 'staff'; email: string } | { kind: 'api-key'; prefix: string } | { kind: 'cli' } {
  if (row.staff_id !== null) return { kind: 'staff', email: row.actor };
  if (row.actor.startsWith('api-key:')) return { kind: 'api-key', prefix: row.actor.slice('api-key:'.length) };
  return { kind: 'cli' };
}
