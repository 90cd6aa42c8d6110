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

export function createTranslator<Key extends string>(catalogue: Catalogue<Key>, locale: Locale): Translate<Key> {
  const texts = locale === 'es-AR' ? { ...catalogue['es-PY'], ...catalogue['es-AR'] } : catalogue[locale];
  return (key, params) => interpolate(texts[key] ?? catalogue['pt-BR'][key] ?? key, params);
}
