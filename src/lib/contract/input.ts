import { z } from 'zod';
import { isSafeText } from '../safe-text.ts';

export { isSafeText };

/**
 * The classes of hostile input, found once: every id, UUID and free-text field a request
 * carries goes through one of these before it reaches a query, a rate-limit key or a log.
 * PostgreSQL `integer` stops at 2,147,483,647 and refuses NUL in text: a value past either
 * would otherwise become a database error (a 500) instead of a clear 400.
 */

export const PG_INT_MAX = 2_147_483_647;

/** A positive id for an `integer` / `serial` column, from a number or a digit string. */
export const idSchema = z.coerce.number().int().min(1).max(PG_INT_MAX);

/** A non-negative integer that must fit an `integer` column (quantities, counts). */
export const pgIntegerSchema = z.coerce.number().int().min(-PG_INT_MAX).max(PG_INT_MAX);

/** An optional id where '' and null mean "none" (form fields send them). */
export const optionalIdSchema = z.preprocess((value) => (value === null || value === '' ? undefined : value), idSchema.optional());

/** A nullable/optional id as JSON bodies send it. */
export const nullishIdSchema = idSchema.nullish();

/** A canonical UUID (any version): PostgreSQL's `uuid` type refuses anything else with an error. */
export const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** A string of at most `max` characters (its column's length) without NUL or control characters. */
export function boundedText(max: number) {
  return z.string().max(max).refine(isSafeText, { message: 'Invalid characters' });
}

/** Parses a path parameter as an id; null when it is not one (the caller answers 404). */
export function toId(value: string | undefined | null): number | null {
  if (value === undefined || value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= PG_INT_MAX ? id : null;
}

/** True when `value` is a canonical UUID. */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && uuidSchema.safeParse(value).success;
}
