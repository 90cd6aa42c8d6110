// The staff accounts' forms (decision 0500): the server parses with these schemas and the types
// are inferred from them. The panel works without JavaScript, so they read urlencoded fields.
import { z } from 'zod';

/** A form field as text: a missing (or file) field is empty. */
const formText = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());

/** A staff account's e-mail address (the service refuses another with emailInvalid). */
export const StaffEmailSchema = z.email().max(254);

/** POST /painel/equipe: add an account, or disable, reset or clear the second factor of one by its id. */
const staffId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const StaffFormSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    // The service checks the address (and answers emailInvalid); anything but admin is a counter.
    email: formText,
    role: z.enum(['admin', 'counter']).catch('counter'),
  }),
  z.object({
    action: z.literal('disable'),
    id: staffId,
    // The member's live API keys (the panel asks only when there are some): 'revoke', or the admin's id.
    keys: z.preprocess((value) => (value === '' ? undefined : value), z.union([z.literal('revoke'), staffId]).optional()),
  }),
  z.object({ action: z.enum(['reset', 'reset_totp']), id: staffId }),
]);
export type StaffForm = z.infer<typeof StaffFormSchema>;

/** POST /painel/definir-senha?token=: the new password twice (the rule is checked by the service). */
export const SetPasswordFormSchema = z.object({
  password: formText.transform((value) => value.slice(0, 200)),
  confirm: formText,
});
