import { getAddressService } from '../addresses/index.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { createBuyerService } from './service.ts';

export function getBuyerService() {
  return createBuyerService({
    db: getPool(),
    clock: systemClock,
    listAddresses: (customerId) => getAddressService().listAddresses(customerId),
  });
}
