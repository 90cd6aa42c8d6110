/**
 * Which page size a request gets (docs/decisions/0110-listing-page-size-by-device.md): phones
 * get the mobile size. Chromium browsers say so in the `Sec-CH-UA-Mobile` client hint, sent on
 * every request without asking; Safari and Firefox do not send it, so their User-Agent's
 * "Mobi" token decides (the token every mobile browser puts there, tablets excepted).
 */
export type DeviceClass = 'mobile' | 'desktop';

/** Request headers the answer depends on: responses must list them in `Vary`. */
export const DEVICE_CLASS_HEADERS = ['Sec-CH-UA-Mobile', 'User-Agent'] as const;

export function getDeviceClass(headers: Pick<Headers, 'get'>): DeviceClass {
  const hint = headers.get('sec-ch-ua-mobile')?.trim();
  if (hint === '?1') return 'mobile';
  if (hint === '?0') return 'desktop';
  return /Mobi/.test(headers.get('user-agent') ?? '') ? 'mobile' : 'desktop';
}
