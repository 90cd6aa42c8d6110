import type { DeliveryOption, PickupPointView } from '#lib/contract/shipping.ts';
import { convertWithUsdRates, toMajor } from '#lib/money.ts';
import { getPriceTable, type PriceTable } from '../prices/index.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import type { ReferenceService } from '../reference/index.ts';
import { createDeliveryToken, getDeliveryTokenTtl } from './delivery-token.ts';
import { getCityRates } from './city-rates.ts';
import { shippingError } from './errors.ts';
import {
  getDeliverySummary,
  getPickupPoints,
  getShippingCart,
  setCartAddress,
  setShippingCity,
  type PickupPointRow,
  type ShippingCartRow,
} from './repository.ts';

export interface ShippingActor {
  customerId: number | null;
  /** estrangeiro of the signed-in customer; null when anonymous. */
  foreignBuyer: 0 | 1 | null;
  storefront: 'br' | 'es' | 'local';
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

/** Brazilian buyers pick up in the store only (DECISIONS.md); anonymous on the Brazilian host too. */
export function isPickupOnlyBuyer(actor: ShippingActor, countryId?: number): boolean {
  if (actor.foreignBuyer !== null) return actor.foreignBuyer === 1;
  return countryId === 1 || actor.storefront === 'br';
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
