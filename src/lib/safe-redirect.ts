/**
 * The one gate for every place that sends the browser on (`redirect=` of sign-in and
 * registration, the no-JS cart form, the ?lang= redirect, the islands after sign-in): the value
 * is read the way a browser reads a Location (the WHATWG URL parser, after stripping what
 * browsers strip) against the shop's own origin, and only a path of that origin passes. Anything
 * else (another host or scheme, userinfo, a value that does not parse) gives the fallback.
 * Isomorphic: pages pass their own origin, islands `location.origin`.
 */
const SENTINEL_ORIGIN = 'https://shop.invalid';
const MAX_LENGTH = 2048;

// Leading/trailing C0 controls and spaces, and tabs/new lines anywhere, are dropped by browsers.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const C0_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_NEWLINE = /[\t\n\r]/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function toSafeRedirect(value: unknown, fallback: string, origin: string = SENTINEL_ORIGIN): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  const cleaned = value.replace(C0_EDGES, '').replace(TAB_NEWLINE, '').replace(/\\/g, '/');
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    // With a scheme the value must stand alone: `http:/x` is relative only when schemes match.
    target = SCHEME.test(cleaned) ? new URL(cleaned) : new URL(cleaned, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin || target.username || target.password) return fallback;
  const path = target.pathname + target.search + target.hash;
  // A path like /.//evil.com normalises to //evil.com: as a Location that is another host.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  // What we send must read back as the same path (no control characters left for a header).
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(path)) return fallback;
  return path;
}
