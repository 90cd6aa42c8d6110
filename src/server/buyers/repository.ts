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
}

export interface BuyerDocumentRow {
  uuid: string;
  side: 'frente' | 'verso';
  content_type: string;
  size_bytes: number;
  created_at: Date;
}

const COLUMNS = 'id, uuid, first_name, last_name, email, phone, document_type, document, foreign_buyer';

/** Name, e-mail or document containing the text (case and accents as typed), newest first. */
export async function searchBuyerRows(db: Queryable, text: string, limit: number): Promise<BuyerRow[]> {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, '');
  const { rows } = await db.query<BuyerRow>(
    `SELECT ${COLUMNS} FROM customers
      WHERE email ILIKE $1 OR (first_name || ' ' || last_name) ILIKE $1 OR document ILIKE $1
         OR ($2 <> '' AND regexp_replace(document, '\\D', '', 'g') LIKE '%' || $2 || '%')
      ORDER BY id DESC LIMIT $3`,
    [like, digits.length >= 3 ? digits : '', limit],
  );
  return rows;
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
