import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createOfferSignupService } from './service.ts';

export { OFFER_SIGNUPS_PAGE_SIZE } from './service.ts';

export function getOfferSignupService() {
  return createOfferSignupService({ db: getPool(), clock: systemClock });
}
