import { writeAudit } from '../audit/index.ts';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getCatalogueImportService } from '../catalogue-import/index.ts';
import { getCatalogueSettingsService } from '../catalogue-settings/index.ts';
import { createRateLimiter } from '../rate-limit/index.ts';
import { createErpRepository } from './repository.ts';
import { createErpApiService } from './service.ts';

export { API_SCOPES } from '#lib/contract/erp-api.ts';
export type { KeysChoice } from './service.ts';

/** The ERP API and its keys on the shop's pool. */
export function getErpApiService() {
  const pool = getPool();
  return createErpApiService({
    db: pool,
    pool,
    clock: systemClock,
    repository: createErpRepository(),
    limiter: createRateLimiter({ db: pool }),
    writeAudit,
    announce: announceCatalogueChange,
    importRows: (open, options) => getCatalogueImportService().importRows(open, options),
    rates: getCatalogueSettingsService(),
  });
}
