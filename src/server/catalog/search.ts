/** At most this many words of a query are used; longer words are cut. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Splits a shopper's query into search terms the way the database normalises names
 * (catalog_normalize): lower case, accents removed, anything but letters and digits a separator.
 */
export function toSearchTerms(text: string): string[] {
  const normalized = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const terms = normalized
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.slice(0, MAX_TERM_LENGTH));
  return [...new Set(terms)].slice(0, MAX_TERMS);
}
