import { getPool } from '../db/client.ts';
import { createSeoService, type SeoService } from './service.ts';

/** The SEO service wired to the shop's database, for the sitemap. */
export function getSeoService(): SeoService {
  return createSeoService({ db: getPool() });
}
