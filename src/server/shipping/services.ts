import { shippingMessages } from '../../lib/i18n/shipping.ts';
import { createTranslator } from '../../lib/i18n/translator.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getReferenceService } from '../reference/services.ts';
import { createShippingService } from './shipping-service.ts';

export function getShippingService() {
  return createShippingService({
    db: getPool(),
    clock: systemClock,
    reference: getReferenceService(),
    texts: (lang) => ({ storePickup: createTranslator(shippingMessages, lang === 'es' ? 'es-PY' : 'pt-BR')('storePickup') }),
  });
}
