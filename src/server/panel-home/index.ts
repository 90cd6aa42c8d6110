import { getCatalogueSettingsService } from '../catalogue-settings/index.ts';
import { systemClock } from '../clock.ts';
import { getConfig } from '../config.ts';
import { getPool } from '../db/client.ts';
import { getInventory } from '../inventory/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { getStoreDetailsService } from '../store-details/index.ts';
import { createPanelHomeRepository } from './repository.ts';
import { createPanelHomeService } from './service.ts';

export { LOW_STOCK_THRESHOLD, type SalesDay, type SetupItem } from './service.ts';

/** The panel's home on the shop's pool: the dashboard and the setup checklist. */
export function getPanelHomeService() {
  return createPanelHomeService({
    db: getPool(),
    clock: systemClock,
    repository: createPanelHomeRepository(),
    inventory: getInventory(),
    getConfig,
    getMissingRates: async () => (await getCatalogueSettingsService().getRates()).missing,
    hasStoreDetails: async () => (await getStoreDetailsService().getDetails()) !== null,
    enqueueMail,
  });
}
