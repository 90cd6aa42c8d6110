import { getPool } from '../db/client.ts';
import { createReferenceService, type ReferenceService } from './service.ts';

export { createReferenceService, type CityWithState, type ReferenceService } from './service.ts';

let service: ReferenceService | undefined;

/** One per process: it caches the (immutable) lists. */
export function getReferenceService(): ReferenceService {
  service ??= createReferenceService({ db: getPool() });
  return service;
}
