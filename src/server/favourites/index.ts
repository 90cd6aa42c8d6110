import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createFavouritesService } from './service.ts';

export function getFavouritesService() {
  return createFavouritesService({ db: getPool(), clock: systemClock });
}
