/**
 * Which page size a request gets (docs/decisions/0110-listing-page-size-by-device.md): phones
 * get the mobile size. Chromium browsers say so in the `Sec-CH-UA-Mobile` client hint, sent on
 * every request without asking; Safari and Firefox do not send it, so their User-Agent's
 * "Mobi" token decides (the token every mobile browser puts there, tablets excepted).
 * A CDN in front says it outright in `X-Device-Class: mobile|desktop` (issue 21): it keys its
 * cache on that header, never on User-Agent (README "Page cache and CDN").
 */
export type DeviceClass = 'mobile' | 'desktop';

/**
 * Request headers a shared cache keys the answer on, listed in `Vary`. Not User-Agent: no CDN
 * keys on it; the CDN sets X-Device-Class from it instead.
 */
export const DEVICE_CLASS_HEADERS = ['X-Device-Class', 'Sec-CH-UA-Mobile'] as const;

export function getDeviceClass(headers: Pick<Headers, 'get'>): DeviceClass {
  const told = headers.get('x-device-class')?.trim().toLowerCase();
  if (told === 'mobile' || told === 'desktop') return told;
  const hint = headers.get('sec-ch-ua-mobile')?.trim();
  if (hint === '?1') return 'mobile';
  if (hint === '?0') return 'desktop';
  return /Mobi/.test(headers.get('user-agent') ?? '') ? 'mobile' : 'desktop';
}
