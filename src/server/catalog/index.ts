import { getPool } from '../db/client.ts';
import { createCatalogService, type CatalogService } from './service.ts';

/** The catalogue service wired to the shop's database, for pages and endpoints. */
export function getCatalogService(): CatalogService {
  return createCatalogService({ db: getPool() });
}

export type { ProductsFilter } from './repository.ts';
