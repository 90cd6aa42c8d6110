import { getConfig } from '../config.ts';
import { createPostalCodeLookup } from './viacep.ts';

let shared: ReturnType<typeof createPostalCodeLookup> | undefined;

/** One lookup per process, so its cache is shared by every request. */
export function getPostalCodeLookup() {
  shared ??= createPostalCodeLookup({ baseUrl: getConfig().CEP_API_URL });
  return shared;
}
