// The one rule for an e-mail address, on the server and in the forms (no imports from the server:
// islands use it). Form from validator.js's isEmail (a well-kept library, decision 0930), with
// what it lets through refused here: control and bidirectional characters, < and >.
import isEmail from 'validator/lib/isEmail.js';

// Cc: controls (CR, LF, NUL...); Cf: format characters, the bidirectional overrides among them.
const INVISIBLE_OR_BRACKET = /[\p{Cc}\p{Cf}\u2028\u2029<>]/u;

/**
 * The address as one account and one mail recipient: trimmed, lower-cased, and the root dot a
 * domain may end with dropped (`a@x.example.` is `a@x.example`).
 */
export function toEmailKey(address: string): string {
  return address.trim().toLowerCase().replace(/\.$/, '');
}

/** A deliverable-looking address: local part and domain as RFC 5321 allows, with a top-level domain. */
export function isValidEmail(address: string): boolean {
  const key = toEmailKey(address);
  if (INVISIBLE_OR_BRACKET.test(address)) return false;
  return isEmail(key, { allow_display_name: false, require_tld: true, allow_ip_domain: false, ignore_max_length: false });
}
