import { getPool } from '../db/client.ts';
import { createReferenceService, type ReferenceService } from './reference-service.ts';

let service: ReferenceService | undefined;

/** One per process: it caches the (immutable) lists. */
export function getReferenceService(): ReferenceService {
  service ??= createReferenceService({ db: getPool() });
  return service;
}
