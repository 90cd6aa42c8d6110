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

/** Pure (an identity that types the catalogue): the bundler may drop a catalogue nobody reads. */
/* #__NO_SIDE_EFFECTS__ */
export function defineMessages<Key extends string>(catalogue: Catalogue<Key>): Catalogue<Key> {
  return catalogue;
}

/** Fills `{name}` placeholders; unknown placeholders stay visible so they are noticed. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The CLDR plural category of a count in a locale ('one', 'other'...), by Intl.PluralRules. */
export function getPluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * Plurals: every count passed as `n` or `count` picks the key of its plural category
 * (`name_one` for '1 item', '1 unidad'), by Intl.PluralRules of the locale; `name` itself is the
 * 'other' form and the fallback.
 */
export function createTranslator<Key extends string>(catalogue: Catalogue<Key>, locale: Locale): Translate<Key> {
  const texts: Partial<Record<string, string>> = locale === 'es-AR' ? { ...catalogue['es-PY'], ...catalogue['es-AR'] } : catalogue[locale];
  const fallback: Partial<Record<string, string>> = catalogue['pt-BR'];
  const lookup = (key: string) => texts[key] ?? fallback[key];
  return (key, params) => {
    const count = params?.n ?? params?.count;
    const category = typeof count === 'number' ? getPluralCategory(locale, count) : 'other';
    const form = category === 'other' ? undefined : texts[`${key}_${category}`];
    return interpolate(form ?? lookup(key) ?? key, params);
  };
}
