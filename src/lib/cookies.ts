/** Cookie reading shared by the server's quick routes and the browser's stored state. */

/** Astro's cookies.get: the `cookie` package's pairs (first of a name wins, spaces and tabs trimmed), URI-decoded; empty is absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).replace(/^[ \t]+|[ \t]+$/g, '') !== name) continue;
    const value = pair.slice(eq + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (!value) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
