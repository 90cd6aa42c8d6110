import type { Queryable } from '../db/client.ts';

/** At most this many words of a query are used; longer words are cut. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
/** Words shorter than this are only matched as prefixes, never corrected. */
const MIN_CORRECTABLE = 4;
/** Trigram similarity a known word needs to replace a misspelt term. */
const MIN_SIMILARITY = 0.4;

/**
 * Splits a shopper's query into search terms the way the database normalises names
 * (catalog_normalize): lower case, accents removed, anything but letters and digits a separator.
 */
export function toSearchTerms(text: string): string[] {
  const normalized = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const terms = normalized.split(/[^a-z0-9]+/).filter(Boolean).map((t) => t.slice(0, MAX_TERM_LENGTH));
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * Builds the tsquery text ('makita:* & furadeira:*') for the terms: each term is a prefix;
 * a term of 4+ letters (no digits: codes are never corrected) that starts no known word is replaced by the closest known word by
 * trigram similarity (one typo: "furadiera" -> "furadeira"), when one is close enough.
 */
export async function toTsQuery(db: Queryable, terms: string[]): Promise<string> {
  if (terms.length === 0) return '';
  // Prefix test by byte range on the text_pattern_ops index; the nearest word (pure GiST KNN,
  // its similarity checked after) only for a term that starts no word.
  const { rows } = await db.query<{ term: string }>(
    `SELECT CASE
       WHEN length(t.term) < $2 OR t.term ~ '[0-9]'
         OR EXISTS (SELECT 1 FROM search_words w WHERE w.word ~>=~ t.term AND w.word ~<~ (t.term || '{')) THEN t.term
       ELSE coalesce((SELECT near.word FROM (SELECT w.word FROM search_words w ORDER BY w.word <-> t.term LIMIT 1) near
                      WHERE similarity(near.word, t.term) >= $3), t.term)
     END AS term
     FROM unnest($1::text[]) WITH ORDINALITY AS t(term, n)
     ORDER BY t.n`,
    [terms, MIN_CORRECTABLE, MIN_SIMILARITY],
  );
  // Terms hold only [a-z0-9] (toSearchTerms), so they are safe as tsquery lexemes.
  return rows.map((row) => `${row.term}:*`).join(' & ');
}
