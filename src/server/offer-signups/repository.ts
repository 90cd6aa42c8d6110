import type { Queryable } from '../db/client.ts';

/** A phone left in the home page's offers form (table newsletter_contacts, catalogue migration 0001). */
export interface OfferSignupRow {
  phone_digits: string;
  locale: string;
  created_at: Date;
}

export async function countOfferSignups(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM newsletter_contacts');
  return rows[0]?.n ?? 0;
}

/** Newest first; without a limit, all of them (the export). */
export async function selectOfferSignups(db: Queryable, page?: { limit: number; offset: number }): Promise<OfferSignupRow[]> {
  const { rows } = await db.query<OfferSignupRow>(
    `SELECT phone_digits, locale, created_at FROM newsletter_contacts ORDER BY created_at DESC, phone_digits
      ${page ? 'LIMIT $1 OFFSET $2' : ''}`,
    page ? [page.limit, page.offset] : [],
  );
  return rows;
}
