/**
 * The password rule of DECISIONS.md, shared by the server and every form: 8 to 20 characters,
 * not the word "password" in any case, with an uppercase letter, a lowercase letter, a digit and
 * a special character. Returns the first broken rule, or null. Staff passwords may be longer
 * (STAFF_PASSWORD_MAX, issue 33: a password manager's 64-character passwords).
 */
export type PasswordProblem = 'length' | 'forbiddenWord' | 'uppercase' | 'lowercase' | 'digit' | 'special';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const STAFF_PASSWORD_MAX = 128;

export function getPasswordProblem(password: string, max = PASSWORD_MAX): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > max) return 'length';
  if (password.toLowerCase() === 'password') return 'forbiddenWord';
  if (!/\p{Lu}/u.test(password)) return 'uppercase';
  if (!/\p{Ll}/u.test(password)) return 'lowercase';
  if (!/\d/.test(password)) return 'digit';
  if (!/[^\p{L}\d]/u.test(password)) return 'special';
  return null;
}
