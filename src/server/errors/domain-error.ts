import type { Catalogue, Params } from '#lib/i18n/translator.ts';

/**
 * What kind of refusal an error is; the HTTP mapper (http/error-result.ts) turns each into its
 * status: bad_request 400, unauthenticated 401, forbidden 403, not_found 404, conflict 409,
 * gone 410, too_large 413, unsupported 415, invalid 422, too_many 429, unavailable 503.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported'
  | 'invalid'
  | 'too_many'
  | 'unavailable';

/** A field's message: a key of the catalogue (with the error's params), or a key with its own params. */
export type FieldMessage<Key extends string> = Key | { key: Key; params?: Params };

interface DomainErrorOptions<Key extends string> {
  /** The machine code (tests, logs); the message key when omitted. */
  code?: string;
  /** Values for the message's `{placeholders}` (and for the field messages). */
  params?: Params;
  /** A field that carries the main message too (`errors[field][0]`). */
  field?: string;
  /** Field errors with their own message keys of the same catalogue (each field its own params when they differ). */
  fields?: Record<string, FieldMessage<Key>[]>;
  /** Extra members of the JSON body beside `message` and `errors` (checkout's short items). */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * The one error a domain throws when it refuses a request: a code, the kind of refusal (its HTTP
 * status class), a key of the domain's message catalogue and optional field errors. Services
 * throw it without knowing HTTP or the shopper's language; the mapper translates it at the edge.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly key: string;
  readonly messages: Catalogue<string>;
  readonly params: Params;
  readonly field: string | undefined;
  readonly fields: Record<string, FieldMessage<string>[]>;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(kind: ErrorKind, messages: Catalogue<string>, key: string, options: DomainErrorOptions<string> = {}) {
    super(options.code ?? key);
    this.name = 'DomainError';
    this.code = options.code ?? key;
    this.kind = kind;
    this.key = key;
    this.messages = messages;
    this.params = options.params ?? {};
    this.field = options.field;
    this.fields = options.fields ?? {};
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }
}

type KeyOf<C> = C extends Catalogue<infer Key> ? Key : never;

/**
 * A domain's error maker, typed by its catalogue: `export const accountError =
 * defineErrors(commonMessages, formMessages, accountMessages)`. With several catalogues a key is
 * looked up in the last that has it.
 */
export function defineErrors<Cs extends Catalogue<string>[]>(...catalogues: Cs) {
  const messages = mergeCatalogues(catalogues);
  return (kind: ErrorKind, key: KeyOf<Cs[number]>, options: DomainErrorOptions<KeyOf<Cs[number]>> = {}): DomainError =>
    new DomainError(kind, messages, key, options);
}

function mergeCatalogues(catalogues: Catalogue<string>[]): Catalogue<string> {
  return {
    'pt-BR': Object.assign({}, ...catalogues.map((c) => c['pt-BR'])),
    'es-PY': Object.assign({}, ...catalogues.map((c) => c['es-PY'])),
    // es-AR lists only its differences from es-PY, so a later catalogue's es-PY text must not lose to an earlier es-AR one.
    'es-AR': Object.assign({}, ...catalogues.map((c) => ({ ...c['es-PY'], ...c['es-AR'] }))),
  };
}
