import { writeAudit } from '../audit/index.ts';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { getPictureBatches } from '../catalogue-media/index.ts';
import { getPool } from '../db/client.ts';
import { createCatalogueImportRepository, createImportJobRepository, type StoredProduct } from './repository.ts';
import { openImportRows } from './routes.ts';
import { createCatalogueImportService, createImportJobs, writeProductTaxonomy } from './service.ts';
import type { ProductTaxonomy } from '#lib/contract/catalogue-product.ts';
import type { Queryable } from '../db/client.ts';

export type { CatalogueImportService, ImportSummary, OpenRows } from './service.ts';
export { toTaxonomyIssues } from './service.ts';
export type { StoredProduct } from './repository.ts';
export { isImportError, UPLOAD_LIMIT_MB } from './errors.ts';
// What `npm run import` (scripts/import-command.ts) reads files and prints with.
export { openImportRows, toErrorText, toImportFormat, toRejectedLine, toSummaryLines } from './routes.ts';

/** The catalogue import on the shop's pool (panel page, `npm run import`, the ERP's product upsert). */
export function getCatalogueImportService() {
  const pool = getPool();
  return createCatalogueImportService({
    db: pool,
    connect: () => pool.connect(),
    repository: createCatalogueImportRepository(),
    writeAudit,
    announce: announceCatalogueChange,
  });
}

/** Product ids by codigo (the `--images` step of `npm run import`). */
export async function findProductIds(codes: string[]): Promise<Map<string, number>> {
  const found = await createCatalogueImportRepository().findProducts(getPool(), codes);
  return new Map([...found].map(([code, product]) => [code, product.id]));
}

/** A stored product in the import's terms, or null (the panel's "duplicate" starts a new product from it). */
export async function findProductState(code: string): Promise<StoredProduct | null> {
  return (await createCatalogueImportRepository().findProducts(getPool(), [code])).get(code) ?? null;
}

/** A product's brand, category, department and specifications by name, inside the caller's transaction (the panel's edit). */
export function setProductTaxonomy(tx: Queryable, productId: number, taxonomy: ProductTaxonomy) {
  return writeProductTaxonomy(tx, createCatalogueImportRepository(), productId, taxonomy);
}

/** The panel page's background imports (table catalogue_imports). */
export function getImportJobs() {
  return createImportJobs({
    db: getPool(),
    repository: createImportJobRepository(),
    service: getCatalogueImportService(),
    openImportRows,
    afterWrite: (importId) => getPictureBatches().queueForImport(importId),
  });
}
