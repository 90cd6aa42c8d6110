import { onCatalogueChange } from '../catalogue-changes/index.ts';
import type { Queryable } from '../db/client.ts';
import type { CityWithState, ReferenceService } from '../reference/index.ts';
import { getDeliveryRates, getPickupPoints, type PickupPointRow, type RateRow } from './repository.ts';

export interface CityRates {
  city: CityWithState;
  /** Empty outside Paraguay: only store pickup is offered there. */
  rates: RateRow[];
  points: PickupPointRow[];
}

// Every quote for a city reads the same rate rows: kept a few seconds (as the price table is),
// so a busy city costs no round trip; a changed rate is quoted within CACHE_MS.
const CACHE_MS = 5_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { at: number; rates: Promise<CityRates | null> }>();
onCatalogueChange((tags) => {
  if (tags.includes('shipping') || tags.includes('all')) cache.clear();
});

async function readCityRates(db: Queryable, reference: ReferenceService, cityId: number, lang: 'pt' | 'es'): Promise<CityRates | null> {
  const city = await reference.getCity(cityId);
  if (!city) return null;
  if (city.estado.pais_id !== 2) return { city, rates: [], points: [] };
  const [rates, points] = await Promise.all([
    getDeliveryRates(db, cityId, city.estado.estado_id, lang),
    getPickupPoints(db, lang, { cityId }),
  ]);
  return { city, rates, points };
}

/** The city with its delivery rates and pickup points; null for an unknown city. */
export function getCityRates(
  db: Queryable,
  reference: ReferenceService,
  cityId: number,
  lang: 'pt' | 'es',
  now = Date.now(),
): Promise<CityRates | null> {
  const key = `${cityId}:${lang}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.rates;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const rates = readCityRates(db, reference, cityId, lang);
  cache.set(key, { at: now, rates });
  rates.catch(() => cache.delete(key)); // a failed read is not kept
  return rates;
}

/**
 * Days a delivery service takes to a city by the quotes' own rule (its city rate before its
 * department's), read fresh rather than cached: an order freezes the table as it is at checkout.
 */
export async function getDeliveryDays(db: Queryable, serviceId: number, cityId: number, stateId: number): Promise<number | null> {
  const rates = await getDeliveryRates(db, cityId, stateId, 'pt');
  return rates.find((rate) => rate.service_id === serviceId)?.days ?? null;
}
