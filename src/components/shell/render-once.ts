import { createCache } from '#server/cache/index.ts';

/**
 * Rendered HTML kept and sent again instead of rendering it again (decision 0004, issue 21):
 * - by source object: shell parts that are the same on every page of a language (mega menu,
 *   departments sidebar, footer), kept on the shell-data read they are made from and reused until
 *   the next read (any catalogue change or every 30 s, shell-data.ts);
 * - by content key: fragments (product cards, banners, product page parts) keyed by everything
 *   their markup is made from (the fields they show, locale, currency, device class ...), so a
 *   change in the data is a new key: kept entries are never stale, only unused. Bounded by size
 *   (least recently used out first) and emptied on any catalogue change to free the space early.
 */
const rendered = new WeakMap<object, Map<string, string>>();

export function getRenderedPart(source: object, part: string): string | undefined {
  return rendered.get(source)?.get(part);
}

export function keepRenderedPart(source: object, part: string, html: string): void {
  let parts = rendered.get(source);
  if (!parts) {
    parts = new Map();
    rendered.set(source, parts);
  }
  parts.set(part, html);
}

/** About 12 MB: strings count two bytes a character (key and HTML). */
const KEPT_CHARS_MAX = 6 * 1024 * 1024;
const kept = createCache<string, string>({
  name: 'rendered-html',
  maxEntries: 50_000,
  maxSize: KEPT_CHARS_MAX,
  sizeOf: (html, key) => key.length + html.length,
  clearOn: 'any',
});

export function getKeptHtml(key: string): string | undefined {
  return kept.get(key);
}

export function keepHtml(key: string, html: string): void {
  if (key.length + html.length > KEPT_CHARS_MAX / 64) return; // one fragment never takes a large share
  kept.set(key, html);
}

/** Stands for a per-request attribute value (a form's return address) in kept HTML. */
export const FILL_BACK = '\uE000back\uE000';

/** As Astro writes a value inside a double-quoted attribute. */
export function toAttributeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
