import type { BuyerFilters } from '#lib/contract/buyers.ts';
import type { Queryable } from '../db/client.ts';

/** What the panel shows of a customer (the store's view of a buyer). */
export interface BuyerRow {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  document_type: string;
  document: string;
  foreign_buyer: 0 | 1;
  /** DECISIONS.md: 1 Brazil, 2 Paraguay. */
  country_id: number;
}

export interface BuyerDocumentRow {
  uuid: string;
  side: 'frente' | 'verso';
  content_type: string;
  size_bytes: number;
  created_at: Date;
}

const COLUMNS = 'id, uuid, first_name, last_name, email, phone, document_type, document, foreign_buyer, country_id';

export const BUYER_PAGE_SIZE = 25;

/** A row of the panel's customer list. */
export interface BuyerListRow extends BuyerRow {
  created_at: Date;
  email_verified: boolean;
  order_count: number;
}

/** `%`, `_` and `\` typed by staff are searched for, not used as patterns. */
function toLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE clause of the list's filters, with its parameters. */
function toBuyerWhere(filters: BuyerFilters): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filters.q) {
    // A document typed with other punctuation (or none) than stored matches by its digits.
    const digits = filters.q.replace(/\D/g, '');
    params.push(toLikePattern(filters.q), digits.length >= 3 ? digits : '');
    const [like, numeric] = [`$${params.length - 1}`, `$${params.length}`];
    clauses.push(`(c.email ILIKE ${like} OR (c.first_name || ' ' || c.last_name) ILIKE ${like} OR c.document ILIKE ${like}
      OR (${numeric} <> '' AND regexp_replace(c.document, '\\D', '', 'g') LIKE '%' || ${numeric} || '%'))`);
  }
  // An order placed on the storefront's host: br.* sells in Portuguese, es.* in Spanish.
  if (filters.loja)
    add(
      (n) => `EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND (CASE WHEN o.locale = 'pt-BR' THEN 'br' ELSE 'es' END) = ${n})`,
      filters.loja,
    );
  if (filters.pais) add((n) => `c.country_id = ${n}`, filters.pais === 'BR' ? 1 : 2);
  // Registration days are the store's days (Asunción), as on the order list.
  if (filters.de) add((n) => `c.created_at >= (${n}::date)::timestamp AT TIME ZONE 'America/Asuncion'`, filters.de);
  if (filters.ate) add((n) => `c.created_at < (${n}::date + 1)::timestamp AT TIME ZONE 'America/Asuncion'`, filters.ate);
  if (filters.confirmado) add((n) => `(c.email_verified_at IS NOT NULL) = (${n} = 'sim')`, filters.confirmado);
  if (filters.pedidos) add((n) => `EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id) = (${n} = 'sim')`, filters.pedidos);
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}

const LIST_SELECT = `SELECT ${COLUMNS.split(', ')
  .map((column) => `c.${column}`)
  .join(', ')}, c.created_at, c.email_verified_at IS NOT NULL AS email_verified,
       (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS order_count
  FROM customers c`;

/** One page of the customers the filters match, newest first, and how many match in all. */
export async function listBuyerRows(db: Queryable, filters: BuyerFilters): Promise<{ rows: BuyerListRow[]; total: number }> {
  const { where, params } = toBuyerWhere(filters);
  const offset = ((filters.pagina ?? 1) - 1) * BUYER_PAGE_SIZE;
  const [page, count] = await Promise.all([
    db.query<BuyerListRow>(
      `${LIST_SELECT} WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${BUYER_PAGE_SIZE} OFFSET ${offset}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM customers c WHERE ${where}`, params),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** Every customer the filters match (every page), newest first, for the export (capped: the export is not a backup). */
export async function listAllBuyerRows(db: Queryable, filters: BuyerFilters, cap: number): Promise<BuyerListRow[]> {
  const { where, params } = toBuyerWhere(filters);
  return (await db.query<BuyerListRow>(`${LIST_SELECT} WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${cap}`, params)).rows;
}

/** A customer's order, as their page lists it (each links to the order desk). */
export interface BuyerOrderRow {
  number: number;
  created_at: Date;
  status: string;
  total_minor: number;
  currency_id: number;
  decimals: number;
}

export async function selectBuyerOrders(db: Queryable, customerId: number): Promise<BuyerOrderRow[]> {
  const { rows } = await db.query<BuyerOrderRow>(
    `SELECT o.number, o.created_at, o.status, o.total_minor, o.currency_id, cur.decimals
       FROM orders o JOIN currencies cur ON cur.id = o.currency_id WHERE o.customer_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
    [customerId],
  );
  return rows;
}

export interface BuyerNoteRow {
  staff_email: string;
  body: string;
  created_at: Date;
}

export async function selectBuyerNotes(db: Queryable, customerId: number): Promise<BuyerNoteRow[]> {
  const { rows } = await db.query<BuyerNoteRow>(
    'SELECT staff_email, body, created_at FROM staff_notes WHERE customer_id = $1 ORDER BY created_at DESC, id DESC',
    [customerId],
  );
  return rows;
}

export async function insertBuyerNote(
  tx: Queryable,
  note: { customerId: number; staffId: number | null; staffEmail: string; body: string; now: Date },
): Promise<void> {
  await tx.query('INSERT INTO staff_notes (customer_id, staff_id, staff_email, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
    note.customerId,
    note.staffId,
    note.staffEmail,
    note.body,
    note.now,
  ]);
}

export async function findBuyerRow(db: Queryable, uuid: string): Promise<BuyerRow | null> {
  const { rows } = await db.query<BuyerRow>(`SELECT ${COLUMNS} FROM customers WHERE uuid = $1::uuid`, [uuid]);
  return rows[0] ?? null;
}

export async function selectBuyerDocuments(db: Queryable, customerId: number): Promise<BuyerDocumentRow[]> {
  const { rows } = await db.query<BuyerDocumentRow>(
    `SELECT uuid, side, content_type, size_bytes, created_at FROM customer_documents
      WHERE customer_id = $1 AND replaced_at IS NULL ORDER BY side`,
    [customerId],
  );
  return rows;
}

export async function findDocumentRow(
  db: Queryable,
  uuid: string,
): Promise<{ storage_name: string; side: 'frente' | 'verso'; customer_uuid: string; replaced: boolean } | null> {
  const { rows } = await db.query<{ storage_name: string; side: 'frente' | 'verso'; customer_uuid: string; replaced: boolean }>(
    `SELECT d.storage_name, d.side, c.uuid AS customer_uuid, d.replaced_at IS NOT NULL AS replaced
       FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE d.uuid = $1::uuid`,
    [uuid],
  );
  return rows[0] ?? null;
}
