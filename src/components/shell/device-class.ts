import type { AstroGlobal } from 'astro';
import { DEVICE_CLASS_HEADERS, getDeviceClass, type DeviceClass } from '#lib/device-class.ts';

/** The request's device class (decision 0110), noted in `Vary`: the answer depends on it. */
export function readDeviceClass(astro: AstroGlobal): DeviceClass {
  const vary = astro.response.headers.get('vary');
  const missing = DEVICE_CLASS_HEADERS.filter((name) => !vary?.toLowerCase().includes(name.toLowerCase()));
  if (missing.length > 0) astro.response.headers.set('vary', [vary, ...missing].filter(Boolean).join(', '));
  return getDeviceClass(astro.request.headers);
}
