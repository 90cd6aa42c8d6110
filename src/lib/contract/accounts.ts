import * as z from 'zod/mini';
import { isValidCnpj, isValidCpf, isValidRuc, toDigits, toDocumentType } from '../documents.ts';
import type { FormMessageKey } from '../i18n/forms.ts';
import type { Translate } from '../i18n/translator.ts';
import { getPasswordProblem, type PasswordProblem } from '../password-rule.ts';
import { isCompletePhone, type PhoneCountry } from '../phone.ts';
import { isValidEmail, toEmailKey } from '../email-address.ts';
import { isSafeText, isSingleLineText, MAX_FIELD_LENGTH } from '../safe-text.ts';
import type { AccountAddressSchema, AccountUserSchema } from './accounts-schema.ts';

/**
 * The accounts contract (accounts spec sections 5 and 7): one schema per form, built with the
 * shopper's messages, used by the islands (react-hook-form resolver) and the endpoints alike.
 * Every field is a string as a form or multipart body sends it; rules run together so a blank
 * submit names every field.
 */
type T = Translate<FormMessageKey>;
type Values = Record<string, string>;
type Rule = (value: string, all: Values) => string | null;

const rules = {
  required:
    (t: T): Rule =>
    (v) =>
      v.trim() === '' ? t('required') : null,
  max:
    (t: T, n: number): Rule =>
    (v) =>
      [...v].length > n ? t('maxLength', { n }) : null,
  email:
    (t: T): Rule =>
    (v) =>
      v !== '' && !isValidEmail(v) ? t('email') : null,
  /** A name as it goes into e-mails: one line, no control or invisible characters. */
  singleLine:
    (t: T): Rule =>
    (v) =>
      isSingleLineText(v) ? null : t('invalidCharacters'),
  /** The shop's one phone rule (lib/phone.ts), the number read in `country`. */
  phone:
    (t: T, country: (all: Values) => PhoneCountry): Rule =>
    (v, all) =>
      isCompletePhone(v, country(all)) ? null : t('phone'),
  password:
    (t: T): Rule =>
    (v) => {
      if (v === '') return null;
      const problem = getPasswordProblem(v);
      return problem ? t(PASSWORD_MESSAGES[problem]) : null;
    },
};

const PASSWORD_MESSAGES: Record<PasswordProblem, FormMessageKey> = {
  length: 'passwordLength',
  forbiddenWord: 'passwordForbiddenWord',
  uppercase: 'passwordUppercase',
  lowercase: 'passwordLowercase',
  digit: 'passwordDigit',
  special: 'passwordSpecial',
};

function when(condition: (all: Values) => boolean, ...inner: Rule[]): Rule {
  return (v, all) => {
    if (!condition(all)) return null;
    for (const rule of inner) {
      const message = rule(v, all);
      if (message) return message;
    }
    return null;
  };
}

// JSON clients may send ids as numbers and flags as booleans: every field is read as text.
const FIELD = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
  z.transform((v): string => (v === null || v === undefined ? '' : String(v))),
);

/** Every field first: no NUL or control characters, no more than MAX_FIELD_LENGTH characters. */
const safeText =
  (t: T): Rule =>
  (v) => {
    if (!isSafeText(v)) return t('invalidCharacters');
    return v.length > MAX_FIELD_LENGTH ? t('maxLength', { n: MAX_FIELD_LENGTH }) : null;
  };

/**
 * A zod/mini object of string fields (missing ones read as '') checked by `fields` rules, after
 * the safe-text rule every field gets (before any value reaches a query or a rate-limit key).
 */
function defineForm<K extends string>(t: T, fields: Record<K, Rule[]>) {
  const shape = {} as Record<K, typeof FIELD>;
  for (const key of Object.keys(fields) as K[]) shape[key] = FIELD;
  return z.object(shape).check(
    z.superRefine((values, ctx) => {
      const all = values as Values;
      for (const key of Object.keys(fields) as K[]) {
        for (const rule of [safeText(t), ...fields[key]]) {
          const message = rule(all[key] ?? '', all);
          if (message) {
            ctx.issues.push({ code: 'custom', message, path: [key], input: all[key] });
            break;
          }
        }
      }
    }),
  );
}

const isBrazilian = (all: Values) => all.estrangeiro === '1';
const isParaguayan = (all: Values) => all.estrangeiro === '0';

export function createLoginSchema(t: T) {
  return defineForm(t, { email: [rules.required(t), rules.max(t, 200)], password: [rules.required(t)] });
}

export function createCheckEmailSchema(t: T) {
  return defineForm(t, { email: [rules.required(t), rules.email(t), rules.max(t, 200)] });
}

export function createRegistrationSchema(t: T) {
  const r = rules;
  const brDigits =
    (n: number): Rule =>
    (v) =>
      toDigits(v).length !== n ? t('cep') : null;
  return defineForm(t, {
    estrangeiro: [r.required(t), (v) => (v === '0' || v === '1' ? null : t('required'))],
    nome: [r.required(t), r.singleLine(t), r.max(t, 200)],
    sobrenome: [r.required(t), r.singleLine(t), r.max(t, 200)],
    email: [r.required(t), r.email(t), r.max(t, 200)],
    email_confirmation: [
      r.required(t),
      r.email(t),
      (v, all) => (toEmailKey(v) !== toEmailKey(all.email ?? '') ? t('emailsMustMatch') : null),
    ],
    telefone: [r.required(t), r.max(t, 20), r.phone(t, (all) => (isBrazilian(all) ? 'BR' : 'PY'))],
    password: [r.required(t), r.password(t)],
    password_confirmation: [r.required(t), (v, all) => (v !== all.password ? t('passwordsMustMatch') : null)],
    documento_tipo: [r.max(t, 20)],
    documento: [
      r.max(t, 20),
      when(isBrazilian, r.required(t), (v) => (isValidCpf(v) ? null : t('cpf'))),
      when(isParaguayan, (v) => (v === '' || isValidRuc(v) ? null : t('ruc'))),
    ],
    identidade: [r.required(t), r.max(t, 20)],
    identidade_complemento: [r.max(t, 10), when(isBrazilian, r.required(t))],
    razao_social: [r.max(t, 200)],
    cep: [r.max(t, 10), when(isBrazilian, r.required(t), brDigits(8))],
    logradouro: [r.required(t), r.max(t, 200)],
    numero: [r.max(t, 20)],
    bairro: [r.max(t, 100)],
    como_chegar: [r.max(t, 500)],
    pais_id: [],
    pais: [r.max(t, 60)],
    cidade: [r.max(t, 100), when(isBrazilian, r.required(t))],
    estado: [r.max(t, 100), when(isBrazilian, r.required(t))],
    estado_id: [when(isParaguayan, r.required(t)), (v) => (v !== '' && !/^\d+$/.test(v) ? t('integer') : null)],
    cidade_id: [when(isParaguayan, r.required(t)), (v) => (v !== '' && !/^\d+$/.test(v) ? t('integer') : null)],
  });
}

export function createAddressSchema(t: T) {
  const r = rules;
  const brazilMode = (all: Values) => all.pais_id !== '2';
  const integer: Rule = (v) => (v !== '' && !/^\d+$/.test(v) ? t('integer') : null);
  return defineForm(t, {
    nome: [r.required(t), r.singleLine(t), r.max(t, 100)],
    cep: [r.max(t, 10), when(brazilMode, r.required(t), (v) => (toDigits(v).length === 8 ? null : t('cep')))],
    logradouro: [r.required(t), r.max(t, 200)],
    numero: [r.required(t), r.max(t, 20)],
    bairro: [r.required(t), r.max(t, 100)],
    cidade: [r.max(t, 100), when(brazilMode, r.required(t))],
    estado: [r.max(t, 100), when(brazilMode, r.required(t))],
    pais: [r.max(t, 60)],
    pais_id: [(v) => (v === '' || v === '1' || v === '2' ? null : t('integer'))],
    estado_id: [when((all) => !brazilMode(all), r.required(t)), integer],
    cidade_id: [when((all) => !brazilMode(all), r.required(t)), integer],
    complemento: [r.max(t, 100)],
    como_chegar: [r.max(t, 500)],
    principal: [],
  });
}

const COUNTRY_ID_OF_NAME: Record<string, 1 | 2> = { brasil: 1, brazil: 1, paraguai: 2, paraguay: 2 };

/**
 * The address payload of the contract (spec section 7, POST /ecom/cliente/address) names no
 * pais_id, only `pais` ('Brasil' or 'Paraguai'): the country is pais_id when sent, else the one
 * `pais` names (any case or accents), else the buyer's own (spec: estrangeiro 1 selects the
 * Brazilian form, 0 the Paraguayan one).
 */
export function withAddressCountry(values: Record<string, unknown>, foreignBuyer: 0 | 1): Record<string, unknown> {
  if (values.pais_id !== undefined && values.pais_id !== null && values.pais_id !== '') return values;
  const name = typeof values.pais === 'string' ? values.pais.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase() : '';
  return { ...values, pais_id: COUNTRY_ID_OF_NAME[name] ?? (foreignBuyer === 1 ? 1 : 2) };
}

/** An address form as the endpoints receive it once parsed (every field a string). */
export type AddressForm = z.output<ReturnType<typeof createAddressSchema>>;

/**
 * PUT /ecom/cliente/address/{id} with only these keys: {ativo: false} soft-deletes, {nome}
 * renames (the contract); a body with any other key is a whole address (createAddressSchema).
 */
export const AddressPatchSchema = z.object({
  nome: z.optional(z.string().check(z.maxLength(100))),
  ativo: z.optional(z.boolean()),
});
export type AddressPatch = z.output<typeof AddressPatchSchema>;

export function createRecoverySchema(t: T) {
  return defineForm(t, { email: [rules.required(t), rules.email(t), rules.max(t, 200)] });
}

export function createResetSchema(t: T) {
  return defineForm(t, {
    email: [rules.max(t, 200)],
    uuid: [rules.required(t), rules.max(t, 64)],
    token: [rules.required(t), rules.max(t, 200)],
    code: [rules.max(t, 200)],
    password: [rules.required(t), rules.password(t)],
    password_confirmation: [rules.required(t), (v, all) => (v !== all.password ? t('passwordsMustMatch') : null)],
  });
}

export function createPasswordChangeSchema(t: T) {
  return defineForm(t, {
    password_currently: [rules.required(t), rules.max(t, 200)],
    password: [rules.required(t), rules.password(t)],
    password_confirmation: [rules.required(t), (v, all) => (v !== all.password ? t('passwordsMustMatch') : null)],
  });
}

/** The profile form; the phone is read in the customer's own country (`phoneCountry`), as registration read it. */
export function createProfileSchema(t: T, phoneCountry: PhoneCountry) {
  return defineForm(t, {
    telefone: [rules.required(t), rules.max(t, 20), rules.phone(t, () => phoneCountry)],
    // The type as the documents write it: code or word, any case, with or without accents.
    documento_tipo: [rules.required(t), (v) => (toDocumentType(v) ? null : t('required'))],
    documento: [
      rules.required(t),
      rules.max(t, 20),
      (v, all) => {
        const type = toDocumentType(all.documento_tipo ?? '');
        if (type === 'CPF' || type === 'CNPJ') return isValidCpf(v) || isValidCnpj(v) ? null : t('cpfOrCnpj');
        if (type === 'RUC') return isValidRuc(v) ? null : t('ruc');
        return null;
      },
    ],
  });
}

/** Identity-document upload limit (DECISIONS.md) and accepted types, checked by content on the server. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_ACCEPT = 'image/png,image/jpeg,image/gif,application/pdf';

/** The user of the login and /ecom/me answers (spec section 3); schema in accounts-schema.ts. */
export type AccountUser = z.infer<typeof AccountUserSchema>;

export type AccountAddress = z.infer<typeof AccountAddressSchema>;
