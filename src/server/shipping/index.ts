/**
 * The shipping domain's wiring, and what other domains use of it (its repository stays inside
 * it): checkout verifies the delivery token it is sent and freezes the option's delivery days.
 */
import { shippingMessages } from '#lib/i18n/shipping.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { writeAudit } from '../audit/index.ts';
import { announceCatalogueChange } from '../catalogue-changes/index.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import type { ApiHandler } from '../http/api-call.ts';
import { getReferenceService } from '../reference/index.ts';
import { calculateShipping, estimateShipping, listPickupPoints } from './routes.ts';
import { createShippingService, createShippingSettingsService } from './service.ts';

export { createDeliveryToken, verifyDeliveryToken } from './delivery-token.ts';
export { getDeliveryDays, isPickupOnlyBuyer } from './service.ts';

export function getShippingService() {
  return createShippingService({
    db: getPool(),
    clock: systemClock,
    reference: getReferenceService(),
    texts: (lang) => ({ storePickup: createTranslator(shippingMessages, lang === 'es' ? 'es-PY' : 'pt-BR')('storePickup') }),
  });
}

/** PUT /ecom/venda/carrinho/{externalId}/calcular-frete (Astro endpoint and fast route). */
export const calculateShippingRoute: ApiHandler = (call) => calculateShipping(getShippingService(), call);
/** GET /ecom/venda/carrinho/{externalId}/pontos-entrega. */
export const listPickupPointsRoute: ApiHandler = (call) => listPickupPoints(getShippingService(), call);
/** GET /ecom/endereco/frete?cidade_id=. */
export const estimateShippingRoute: ApiHandler = (call) => estimateShipping(getShippingService(), call);

/** The panel's shipping settings (rate table, pickup points) on the shop's pool. */
export function getShippingSettingsService() {
  const pool = getPool();
  return createShippingSettingsService({ db: pool, connect: () => pool.connect(), writeAudit, announce: announceCatalogueChange });
}
export type { ShippingSettingsService } from './service.ts';
export type { PickupPointChange, PickupPointSettingRow } from './repository.ts';
