import type { Address, DeliveryOption, PickupPoint } from './checkout-api.ts';

export type DeliveryType = 'delivery' | 'pickup' | 'pickup_point';

/** Spec section 4: null or absent service means store pickup; options with points are pickup points. */
export function getDeliveryType(option: DeliveryOption): DeliveryType {
  if (option.tipo) return option.tipo;
  if (option.opcionais?.pontos_entrega?.length) return 'pickup_point';
  return option.entrega_servico_id == null ? 'pickup' : 'delivery';
}

/** The first main address, else the first one. */
export function getDefaultAddress(addresses: Address[]): Address | null {
  const active = addresses.filter((address) => address.ativo !== false);
  return active.find((address) => address.principal) ?? active[0] ?? null;
}

/** Deduplicated, sorted names; used for the pickup state and city lists. */
export function toSortedUnique(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

export function getPickupStates(points: PickupPoint[]): string[] {
  return toSortedUnique(points.map((point) => point.estado));
}

export function getPickupCities(points: PickupPoint[], state: string): string[] {
  return toSortedUnique(points.filter((point) => point.estado === state).map((point) => point.cidade));
}

/**
 * Pickup points anywhere (issue 19): the quote of the address's city carries only that city's
 * points; the chooser offers every point (GET .../pontos-entrega), so a buyer may pick one up in
 * another city. Without a point in the address's city the quote has no pickup-point option: one
 * is added, before store pickup, priced from its cheapest point.
 */
export function withAllPickupPoints(options: DeliveryOption[], points: PickupPoint[], label: string): DeliveryOption[] {
  if (points.length === 0) return options;
  const from = Math.min(...points.map((point) => point.valor ?? Number.POSITIVE_INFINITY));
  const valor = Number.isFinite(from) ? from : 0;
  const existing = options.findIndex((option) => getDeliveryType(option) === 'pickup_point');
  if (existing >= 0) {
    return options.map((option, index) =>
      index === existing ? { ...option, valor, opcionais: { ...option.opcionais, pontos_entrega: points } } : option,
    );
  }
  const added: DeliveryOption = {
    tipo: 'pickup_point',
    entrega_servico_id: points[0]!.entrega_servico_id ?? null,
    descricao: label,
    prazo: Math.min(...points.map((point) => point.prazo ?? 0)),
    valor,
    token: null,
    opcionais: { pontos_entrega: points },
  };
  const pickup = options.findIndex((option) => getDeliveryType(option) === 'pickup');
  return pickup < 0 ? [...options, added] : [...options.slice(0, pickup), added, ...options.slice(pickup)];
}

/** A single option is selected for the shopper, and a single pickup point inside it. */
export function getAutoSelection(options: DeliveryOption[]): { option: DeliveryOption | null; point: PickupPoint | null } {
  if (options.length !== 1) return { option: null, point: null };
  const option = options[0]!;
  const points = option.opcionais?.pontos_entrega ?? [];
  return { option, point: points.length === 1 ? points[0]! : null };
}

/**
 * After the options are recalculated (quantity or address changed): the shopper's choice where it
 * is still offered (its new price and token), else the automatic one. Resetting it made a choice
 * made while the recalculation ran vanish.
 */
export function keepSelection(
  options: DeliveryOption[],
  current: { option: DeliveryOption | null; point: PickupPoint | null },
): { option: DeliveryOption | null; point: PickupPoint | null; kept: boolean } {
  const chosen = current.option;
  const option =
    chosen &&
    options.find((item) => getDeliveryType(item) === getDeliveryType(chosen) && item.entrega_servico_id === chosen.entrega_servico_id);
  if (!option) return { ...getAutoSelection(options), kept: false };
  const point = current.point ? ((option.opcionais?.pontos_entrega ?? []).find((item) => item.id === current.point!.id) ?? null) : null;
  return { option, point, kept: true };
}

/**
 * The shipping choice kept in the browser (spec section 4: "the shipping selection is persisted
 * locally"), with the city it was made for: a choice is offered again only for that same city.
 */
export interface SavedShipping {
  addressId: number | null;
  city: string | null;
  type: DeliveryType | null;
  serviceId: number | null;
  pointId: number | null;
}

/** Reads the kept choice; anything unreadable is no choice. */
export function parseSavedShipping(text: string | null): SavedShipping | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<SavedShipping> | null;
    if (!value || typeof value !== 'object') return null;
    const id = (field: unknown) => (typeof field === 'number' ? field : null);
    const type = value.type === 'delivery' || value.type === 'pickup' || value.type === 'pickup_point' ? value.type : null;
    return {
      addressId: id(value.addressId),
      city: typeof value.city === 'string' ? value.city : null,
      type,
      serviceId: id(value.serviceId),
      pointId: id(value.pointId),
    };
  } catch {
    return null;
  }
}

/** The option (and point) chosen last time for this same city, where it is still offered; else none. */
export function getSavedChoice(
  options: DeliveryOption[],
  saved: SavedShipping | null,
  city: string | null,
): { option: DeliveryOption | null; point: PickupPoint | null } {
  if (!saved || !saved.type || city === null || saved.city !== city) return { option: null, point: null };
  const option =
    options.find((item) => getDeliveryType(item) === saved.type && (item.entrega_servico_id ?? null) === saved.serviceId) ?? null;
  const point = option ? ((option.opcionais?.pontos_entrega ?? []).find((item) => item.id === saved.pointId) ?? null) : null;
  return { option, point };
}

/** Only store pickup on offer: the pickup-only notice shows. */
export function isPickupOnly(options: DeliveryOption[]): boolean {
  return options.length > 0 && options.every((option) => getDeliveryType(option) === 'pickup');
}

/** What checkout sends for the chosen option, or for the chosen point inside a pickup-point option. */
export function toDeliveryChoice(option: DeliveryOption, point: PickupPoint | null) {
  if (point && getDeliveryType(option) === 'pickup_point') {
    return {
      token: point.token_servico ?? option.token,
      valor: point.valor ?? option.valor,
      entrega_servico_id: point.entrega_servico_id ?? option.entrega_servico_id,
    };
  }
  return { token: option.token, valor: option.valor, entrega_servico_id: option.entrega_servico_id };
}
