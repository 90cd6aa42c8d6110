import type pg from 'pg';
import type { DeliveryOption, PickupPointView } from '#lib/contract/shipping.ts';
import type { Storefront } from '#lib/locale.ts';
import { convertWithUsdRates, toMajor } from '#lib/money.ts';
import { STOREFRONTS } from '#lib/storefronts.ts';
import type { AuditEntry } from '../audit/index.ts';
import { createCache } from '../cache/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { settingsError } from '../catalogue-settings/errors.ts';
import type { SettingsActor } from '../catalogue-settings/service.ts';
import type { Clock } from '../clock.ts';
import { runInTransaction, type Queryable } from '../db/client.ts';
import { getPriceTable, type PriceTable } from '../prices/index.ts';
import type { CityWithState, ReferenceService } from '../reference/index.ts';
import { createDeliveryToken, getDeliveryTokenTtl } from './delivery-token.ts';
import { shippingError } from './errors.ts';
import {
  countOrdersOfPickupPoint,
  deletePickupPoint,
  deleteRateSetting,
  getDeliveryRates,
  getDeliverySummary,
  getParaguayanCity,
  getPickupPoints,
  getShippingCart,
  insertRateSetting,
  isParaguayanState,
  listPickupPointSettings,
  listRateSettings,
  listServices,
  savePickupPoint,
  setCartAddress,
  setShippingCity,
  updateRateSetting,
  type PickupPointChange,
  type PickupPointRow,
  type RateRow,
  type ShippingCartRow,
} from './repository.ts';

export interface CityRates {
  city: CityWithState;
  /** Empty outside Paraguay: only store pickup is offered there. */
  rates: RateRow[];
  points: PickupPointRow[];
}

// Every quote for a city reads the same rate rows: kept a few seconds (as the price table is),
// so a busy city costs no round trip; a rate changed by plain SQL is quoted within ttlMs.
const cityRates = createCache<string, Promise<CityRates | null>>({
  name: 'city-rates',
  maxEntries: 500,
  ttlMs: 5_000,
  clearOn: ['shipping'],
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
export function getCityRates(db: Queryable, reference: ReferenceService, cityId: number, lang: 'pt' | 'es'): Promise<CityRates | null> {
  return cityRates.getOrSet(`${cityId}:${lang}`, () => readCityRates(db, reference, cityId, lang));
}

/**
 * Days a delivery service takes to a city by the quotes' own rule (its city rate before its
 * department's), read fresh rather than cached: an order freezes the table as it is at checkout.
 */
export async function getDeliveryDays(db: Queryable, serviceId: number, cityId: number, stateId: number): Promise<number | null> {
  const rates = await getDeliveryRates(db, cityId, stateId, 'pt');
  return rates.find((rate) => rate.service_id === serviceId)?.days ?? null;
}

export interface ShippingActor {
  customerId: number | null;
  /** estrangeiro of the signed-in customer; null when anonymous. */
  foreignBuyer: 0 | 1 | null;
  storefront: Storefront;
  lang: 'pt' | 'es';
}

export interface CalculateInput {
  externalId: string;
  cityId?: number | undefined;
  addressId?: number | undefined;
  pickupPointId?: number | undefined;
  countryId?: number | undefined;
  currencyId?: number | undefined;
}

interface Deps {
  db: Queryable;
  clock: Clock;
  reference: ReferenceService;
  /** Texts of the options (store pickup name), in the request language. */
  texts: (lang: 'pt' | 'es') => { storePickup: string };
}

/**
 * Brazilian buyers pick up in the store only (DECISIONS.md); anonymous visitors too on a
 * storefront that delivers nowhere (the registry's delivery modes: the Brazilian host).
 */
export function isPickupOnlyBuyer(actor: Pick<ShippingActor, 'foreignBuyer' | 'storefront'>, countryId?: number): boolean {
  if (actor.foreignBuyer !== null) return actor.foreignBuyer === 1;
  return countryId === 1 || (actor.storefront !== 'local' && !STOREFRONTS[actor.storefront].deliveryModes.includes('delivery'));
}

export function createShippingService({ db, clock, reference, texts }: Deps) {
  function money(table: PriceTable, minor: number, from: number, to: number) {
    const converted = convertWithUsdRates(minor, from, to, table.usdRates);
    // A currency without a USD rate is the store's configuration fault, not the shopper's: a 500, logged.
    if (converted === null) throw new Error(`shipping: no USD rate to convert from currency ${from} to ${to}`);
    const currency = table.currencies.get(to);
    if (!currency) throw shippingError('invalid', 'calcError', { field: 'moeda_id' });
    return {
      minor: converted,
      major: toMajor(converted, currency.decimals),
      moeda: { id: currency.id, simbolo: currency.symbol, casas_decimais: currency.decimals },
    };
  }

  function expiry(): number {
    return Math.floor(clock.now().getTime() / 1000) + getDeliveryTokenTtl();
  }

  function toPoint(point: PickupPointRow, table: PriceTable, cart: string | null, currencyId: number): PickupPointView {
    const price = money(table, point.price_minor, point.currency_id, currencyId);
    return {
      id: point.id,
      ponto_entrega: point.id,
      nome: point.name,
      endereco: point.address,
      estado: point.state_name,
      estado_id: point.state_id,
      cidade: point.city_name,
      cidade_id: point.city_id,
      horario_atendimento: point.hours,
      entrega_servico_id: point.service_id,
      valor: price.major,
      prazo: point.days,
      token_servico:
        cart === null
          ? null
          : createDeliveryToken({
              cart,
              serviceId: point.service_id,
              integratorId: point.integrator_id,
              pickupPointId: point.id,
              cityId: point.city_id,
              valueMinor: price.minor,
              currencyId,
              expiresAt: expiry(),
            }),
    };
  }

  function storePickup(table: PriceTable, cart: string | null, currencyId: number, lang: 'pt' | 'es'): DeliveryOption {
    const price = money(table, 0, currencyId, currencyId);
    return {
      tipo: 'pickup',
      entrega_servico_id: null,
      entrega_integrador_id: null,
      descricao: texts(lang).storePickup,
      prazo: 0,
      valor: 0,
      moeda: price.moeda,
      cidade_id: null,
      token:
        cart === null
          ? null
          : createDeliveryToken({
              cart,
              serviceId: null,
              integratorId: null,
              pickupPointId: null,
              cityId: null,
              valueMinor: 0,
              currencyId,
              expiresAt: expiry(),
            }),
      opcionais: { pontos_entrega: [] },
    };
  }

  /** Options for one Paraguayan city: delivery services (cheapest first), pickup points, store pickup. */
  async function quoteCity(cityId: number, cart: string | null, currencyId: number, lang: 'pt' | 'es', table: PriceTable) {
    const found = await getCityRates(db, reference, cityId, lang);
    if (!found) throw shippingError('invalid', 'unknownCity', { field: 'cidade_id' });
    if (found.city.estado.pais_id !== 2) return [storePickup(table, cart, currencyId, lang)];
    const { rates, points } = found;
    const options: DeliveryOption[] = rates
      .map((rate) => {
        const price = money(table, rate.price_minor, rate.currency_id, currencyId);
        return {
          tipo: 'delivery' as const,
          entrega_servico_id: rate.service_id,
          entrega_integrador_id: rate.integrator_id,
          descricao: rate.name,
          prazo: rate.days,
          valor: price.major,
          moeda: price.moeda,
          cidade_id: cityId,
          token:
            cart === null
              ? null
              : createDeliveryToken({
                  cart,
                  serviceId: rate.service_id,
                  integratorId: rate.integrator_id,
                  pickupPointId: null,
                  cityId,
                  valueMinor: price.minor,
                  currencyId,
                  expiresAt: expiry(),
                }),
          opcionais: { pontos_entrega: [] },
        };
      })
      .sort((a, b) => a.valor - b.valor);
    const first = points[0];
    if (first) {
      const views = points.map((point) => toPoint(point, table, cart, currencyId));
      const cheapest = views.reduce((min, view) => (view.valor < min.valor ? view : min));
      options.push({
        tipo: 'pickup_point',
        entrega_servico_id: first.service_id,
        entrega_integrador_id: first.integrator_id,
        descricao: first.service_name,
        prazo: cheapest.prazo,
        valor: cheapest.valor,
        moeda: money(table, 0, currencyId, currencyId).moeda,
        cidade_id: cityId,
        // A pickup-point option is bought through one point's token (token_servico).
        token: null,
        opcionais: { pontos_entrega: views },
      });
    }
    options.push(storePickup(table, cart, currencyId, lang));
    return options;
  }

  async function requireCart(externalId: string, actor: ShippingActor): Promise<ShippingCartRow> {
    const cart = await getShippingCart(db, externalId);
    if (!cart) throw shippingError('not_found', 'missingCart');
    if (cart.customer_id !== null && cart.customer_id !== actor.customerId) throw shippingError('forbidden', 'forbidden');
    return cart;
  }

  return {
    /** PUT /ecom/venda/carrinho/{externalId}/calcular-frete. */
    async calculate(input: CalculateInput, actor: ShippingActor): Promise<DeliveryOption[]> {
      const cart = await requireCart(input.externalId, actor);
      if (!cart.has_items) throw shippingError('invalid', 'needCityAndItems', { field: 'itens' });
      const table = await getPriceTable(db);
      const currencyId = cart.currency_id;
      if (isPickupOnlyBuyer(actor, input.countryId)) return [storePickup(table, cart.external_id, currencyId, actor.lang)];

      let cityId = input.cityId;
      if (input.addressId !== undefined && actor.customerId !== null) {
        cityId ??= (await setCartAddress(db, cart.id, actor.customerId, input.addressId)) ?? undefined;
      }
      if (input.pickupPointId !== undefined) {
        const [point] = await getPickupPoints(db, actor.lang, { pointId: input.pickupPointId });
        if (!point) throw shippingError('invalid', 'pickupPointError', { field: 'id_ponto_entrega' });
        const view = toPoint(point, table, cart.external_id, currencyId);
        const price = money(table, point.price_minor, point.currency_id, currencyId);
        return [
          {
            tipo: 'pickup_point',
            entrega_servico_id: point.service_id,
            entrega_integrador_id: point.integrator_id,
            descricao: point.service_name,
            prazo: point.days,
            valor: price.major,
            moeda: price.moeda,
            cidade_id: point.city_id,
            token: view.token_servico,
            opcionais: { pontos_entrega: [view] },
          },
        ];
      }
      if (cityId === undefined) throw shippingError('invalid', 'needCityAndItems', { field: 'cidade_id' });
      const options = await quoteCity(cityId, cart.external_id, currencyId, actor.lang, table);
      if (cart.shipping_city_id !== cityId) await setShippingCity(db, cart.id, cityId);
      return options;
    },

    /** GET /ecom/venda/carrinho/{externalId}/pontos-entrega: every pickup point, signed for this cart. */
    async listPickupPoints(externalId: string, actor: ShippingActor, cityId?: number): Promise<PickupPointView[]> {
      const cart = await requireCart(externalId, actor);
      if (isPickupOnlyBuyer(actor)) return [];
      const table = await getPriceTable(db);
      const points = await getPickupPoints(db, actor.lang, cityId === undefined ? {} : { cityId });
      return points.map((point) => toPoint(point, table, cart.external_id, cart.currency_id));
    },

    /** What structured data says of home delivery in Paraguay: from the cheapest rate, in days. */
    async summarizeDelivery(): Promise<{ priceMinor: number; currencyId: 3; minDays: number; maxDays: number } | null> {
      const row = await getDeliverySummary(db);
      if (row.min_price_minor === null || row.min_days === null || row.max_days === null) return null;
      return { priceMinor: Number(row.min_price_minor), currencyId: 3, minDays: row.min_days, maxDays: row.max_days };
    },

    /** Product-page calculator: the options of a city without a cart (no tokens). */
    async estimate(cityId: number, currencyId: number, actor: ShippingActor): Promise<DeliveryOption[]> {
      const table = await getPriceTable(db);
      if (isPickupOnlyBuyer(actor)) return [storePickup(table, null, currencyId, actor.lang)];
      return quoteCity(cityId, null, currencyId, actor.lang, table);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;

export interface ShippingSettingsDeps {
  db: Queryable;
  connect: () => Promise<pg.PoolClient>;
  writeAudit(tx: Queryable, entry: AuditEntry): Promise<void>;
  announce(tags: readonly CatalogueTag[]): void;
}

export interface NewRate {
  serviceId: number;
  stateId: number | null;
  cityId: number | null;
  priceMinor: number;
  days: number;
}

/**
 * The panel's shipping settings: the rate table (per service and department or city, in G$) and
 * the pickup points. Each edit is one transaction with its audit row, checked against the row
 * version the form was drawn from; quotes see it at once (the `shipping` tag drops their cache).
 */
export function createShippingSettingsService(deps: ShippingSettingsDeps) {
  const { db, connect } = deps;

  async function edit(work: (tx: pg.PoolClient) => Promise<void>): Promise<void> {
    await runInTransaction({ connect }, work);
    deps.announce(['shipping']);
  }

  function requireVersion<T extends { version: string }>(row: T | undefined, version: string): T {
    if (!row) throw settingsError('not_found');
    if (row.version !== version) throw settingsError('changed_meanwhile');
    return row;
  }

  return {
    async getSettings(lang: 'pt' | 'es') {
      const [services, rates, points] = await Promise.all([
        listServices(db, lang),
        listRateSettings(db, lang),
        listPickupPointSettings(db),
      ]);
      return { services, rates, points };
    },

    async updateRate(actor: SettingsActor, id: number, version: string, priceMinor: number, days: number): Promise<void> {
      await edit(async (tx) => {
        const [row] = await listRateSettings(tx, 'pt', { id, lock: true });
        const { price_minor, days: before } = requireVersion(row, version);
        await updateRateSetting(tx, id, priceMinor, days);
        await deps.writeAudit(tx, {
          actor,
          action: 'shipping_rate.update',
          entityType: 'delivery_rate',
          entityId: id,
          before: { price_minor: Number(price_minor), days: before },
          after: { price_minor: priceMinor, days },
        });
      });
    },

    async addRate(actor: SettingsActor, rate: NewRate): Promise<void> {
      const services = await listServices(db, 'pt');
      if (!services.some((service) => service.id === rate.serviceId && service.kind === 'delivery')) {
        throw settingsError('invalid_input', { servico: { key: 'serviceInvalid' } });
      }
      if (rate.cityId !== null && !(await getParaguayanCity(db, rate.cityId)))
        throw settingsError('invalid_input', { destino: { key: 'cityInvalid' } });
      if (rate.stateId !== null && !(await isParaguayanState(db, rate.stateId)))
        throw settingsError('invalid_input', { destino: { key: 'cityInvalid' } });
      await edit(async (tx) => {
        const id = await insertRateSetting(tx, rate);
        if (id === null) throw settingsError('invalid_input', { destino: { key: 'rateExists' } });
        await deps.writeAudit(tx, { actor, action: 'shipping_rate.add', entityType: 'delivery_rate', entityId: id, after: rate });
      });
    },

    /** A rate off the table (no order points at a rate: an order keeps its own price and days). */
    async removeRate(actor: SettingsActor, id: number): Promise<void> {
      await edit(async (tx) => {
        const [row] = await listRateSettings(tx, 'pt', { id, lock: true });
        if (!row) throw settingsError('not_found');
        await deleteRateSetting(tx, id);
        const { version: _seen, ...before } = row;
        await deps.writeAudit(tx, { actor, action: 'shipping_rate.delete', entityType: 'delivery_rate', entityId: id, before });
      });
    },

    /**
     * A pickup point no order chose. One an order chose is refused, saying why: the order names it
     * to the shopper and the counter (where to collect); unticking "active" stops offering it.
     */
    async removePickupPoint(actor: SettingsActor, id: number): Promise<void> {
      await edit(async (tx) => {
        const [row] = await listPickupPointSettings(tx, { id, lock: true });
        if (!row) throw settingsError('not_found');
        const orders = await countOrdersOfPickupPoint(tx, id);
        if (orders > 0) throw settingsError('point_in_use', {}, { n: orders });
        await deletePickupPoint(tx, id);
        const { version: _seen, ...before } = row;
        await deps.writeAudit(tx, { actor, action: 'pickup_point.delete', entityType: 'pickup_point', entityId: id, before });
      });
    },

    /** A pickup point: `id` null adds one (with the first pickup-point service). */
    async savePickupPoint(actor: SettingsActor, id: number | null, version: string, change: PickupPointChange): Promise<void> {
      if (!(await getParaguayanCity(db, change.cityId))) throw settingsError('invalid_input', { cidade: { key: 'cityInvalid' } });
      await edit(async (tx) => {
        let before: unknown;
        if (id !== null) {
          const [row] = await listPickupPointSettings(tx, { id, lock: true });
          const { version: _seen, ...rest } = requireVersion(row, version);
          before = rest;
        }
        const saved = await savePickupPoint(tx, id, change);
        await deps.writeAudit(tx, {
          actor,
          action: id === null ? 'pickup_point.add' : 'pickup_point.update',
          entityType: 'pickup_point',
          entityId: saved,
          before,
          after: change,
        });
      });
    },
  };
}

export type ShippingSettingsService = ReturnType<typeof createShippingSettingsService>;
