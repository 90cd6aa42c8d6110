import { getConfig } from '../config.ts';
import type { HeaderReader } from '../http/responses.ts';

/**
 * The address rate limits count by. X-Forwarded-For is trusted only when TRUSTED_PROXY_HOPS
 * says how many proxies of ours append to it (the client is the entry that many from the end:
 * anything before it was written by the client); otherwise the socket address (Astro ignores
 * the header while `security.allowedDomains` is unset).
 */
export function getClientIp(
  context: { clientAddress?: string; request: Request } | { clientAddress: string; headers: HeaderReader },
): string {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d: one client, one key.
  const toKey = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const hops = getConfig().TRUSTED_PROXY_HOPS;
  if (hops > 0) {
    const headers = 'headers' in context ? context.headers : context.request.headers;
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const forwarded = chain[chain.length - hops];
    if (forwarded) return toKey(forwarded);
  }
  try {
    return toKey(context.clientAddress || 'unknown');
  } catch {
    return 'unknown';
  }
}
