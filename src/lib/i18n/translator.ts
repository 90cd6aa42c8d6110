import type { Locale } from '../locale.ts';

/**
 * A catalogue of one domain's texts. pt-BR and es-PY are complete; es-AR lists only where it
 * differs from es-PY. Every user-facing text lives in one of these, none inline.
 */
export interface Catalogue<Key extends string> {
  'pt-BR': Record<Key, string>;
  'es-PY': Record<Key, string>;
  'es-AR'?: Partial<Record<Key, string>>;
}

export type Params = Record<string, string | number>;
export type Translate<Key extends string> = (key: Key, params?: Params) => string;

export function defineMessages<Key extends string>(catalogue: Catalogue<Key>): Catalogue<Key> {
  return catalogue;
}

/** Fills `{name}` placeholders; unknown placeholders stay visible so they are noticed. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Singular forms: with `{ n: 1 }`, a key `name_one` is used in place of `name` when the
 * catalogue has it ('1 dia útil', not '1 dias úteis').
 */
export function createTranslator<Key extends string>(catalogue: Catalogue<Key>, locale: Locale): Translate<Key> {
  const texts: Partial<Record<string, string>> = locale === 'es-AR' ? { ...catalogue['es-PY'], ...catalogue['es-AR'] } : catalogue[locale];
  const fallback: Partial<Record<string, string>> = catalogue['pt-BR'];
  const lookup = (key: string) => texts[key] ?? fallback[key];
  return (key, params) => {
    const singular = params?.n === 1 ? lookup(`${key}_one`) : undefined;
    return interpolate(singular ?? lookup(key) ?? key, params);
  };
}
