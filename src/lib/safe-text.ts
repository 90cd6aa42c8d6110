// NUL: PostgreSQL text cannot hold it. Other C0 controls (tab and line breaks aside) and lone
// surrogates: no field of the shop legitimately carries them. No imports: islands use this too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when `value` can be stored, logged and used as a rate-limit key as it is. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value) && value.isWellFormed();
}

// Line breaks, tabs and every other control; format characters (bidirectional overrides,
// zero-width ones); line and paragraph separators.
const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** True when `value` is one plain line: what a name must be, since names go into e-mails. */
export function isSingleLineText(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** The longest value any single form field may carry, whatever its own rules say. */
export const MAX_FIELD_LENGTH = 2000;
