import { onCatalogueChange } from '#server/catalogue-changes/index.ts';

/**
 * Rendered HTML kept and sent again instead of rendering it again (decision 0004, issue 21):
 * - by source object: shell parts that are the same on every page of a language (mega menu,
 *   departments sidebar, footer), kept on the shell-data read they are made from and reused until
 *   the next read (any catalogue change or every SHELL_CACHE_MS, shell-data.ts);
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
const kept = new Map<string, string>();
let keptChars = 0;
onCatalogueChange(() => {
  kept.clear();
  keptChars = 0;
});

export function getKeptHtml(key: string): string | undefined {
  const html = kept.get(key);
  if (html !== undefined) {
    // Most recently used last: eviction takes the first.
    kept.delete(key);
    kept.set(key, html);
  }
  return html;
}

export function keepHtml(key: string, html: string): void {
  const size = key.length + html.length;
  if (size > KEPT_CHARS_MAX / 64) return; // one fragment never takes a large share
  const before = kept.get(key);
  if (before !== undefined) keptChars -= key.length + before.length;
  kept.delete(key);
  kept.set(key, html);
  keptChars += size;
  for (const [oldKey, oldHtml] of kept) {
    if (keptChars <= KEPT_CHARS_MAX) break;
    kept.delete(oldKey);
    keptChars -= oldKey.length + oldHtml.length;
  }
}

/** Stands for a per-request attribute value (a form's return address) in kept HTML. */
export const FILL_BACK = '\uE000back\uE000';

/** As Astro writes a value inside a double-quoted attribute. */
export function toAttributeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
