import { writeAudit } from '../audit/index.ts';
import { findProductState, getCatalogueImportService, setProductTaxonomy } from '../catalogue-import/index.ts';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createCatalogueSettingsService } from './service.ts';

export * from './routes.ts';

/** The catalogue settings on the shop's pool: audit rows in each write's transaction, caches told after COMMIT. */
export function getCatalogueSettingsService() {
  const pool = getPool();
  return createCatalogueSettingsService({
    db: pool,
    connect: () => pool.connect(),
    clock: systemClock,
    writeAudit,
    announce: announceCatalogueChange,
    importRows: (open, options) => getCatalogueImportService().importRows(open, options),
    findProductState,
    setTaxonomy: setProductTaxonomy,
  });
}
