/**
 * HTML of shell parts that are the same on every page of a language (mega menu, departments
 * sidebar, footer), rendered once per shell-data read and reused until the next read: the read
 * is refreshed on any catalogue change and every SHELL_CACHE_MS (shell-data.ts), so a renamed
 * category reaches the menu exactly when it reaches the categories the page reads.
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
