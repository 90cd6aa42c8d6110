import { atom } from 'nanostores';
import { getOptionKey, type DeliveryOption, type PickupPointView } from '#lib/contract/shipping.ts';
import { localState } from '../stored-state.ts';

/**
 * The shipping choice (storefront spec section 4): options of the last calculation, the chosen
 * one (and pickup point), persisted locally so a reload reselects it. Checkout reads
 * $shippingSelection for token_entrega, valor_frete, entrega_servico_id and id_ponto_entrega.
 */
export const SHIPPING_KEY = 'fronteira_shipping';

export interface SavedShipping {
  stateId: number | null;
  cityId: number | null;
  optionKey: string | null;
  pointId: number | null;
}

export interface ShippingSelection {
  option: DeliveryOption | null;
  point: PickupPointView | null;
  /** Cost in the cart currency, major units (0 when nothing is chosen). */
  cost: number;
  /** token_entrega for checkout: the point's token for pickup points, else the option's. */
  token: string | null;
}

export const $shippingOptions = atom<DeliveryOption[]>([]);
export const $shippingSelection = atom<ShippingSelection>({ option: null, point: null, cost: 0, token: null });

export function readSavedShipping(): SavedShipping {
  try {
    const saved = JSON.parse(localState.get(SHIPPING_KEY) ?? 'null') as Partial<SavedShipping> | null;
    return {
      stateId: Number.isInteger(saved?.stateId) ? (saved?.stateId as number) : null,
      cityId: Number.isInteger(saved?.cityId) ? (saved?.cityId as number) : null,
      optionKey: typeof saved?.optionKey === 'string' ? saved.optionKey : null,
      pointId: Number.isInteger(saved?.pointId) ? (saved?.pointId as number) : null,
    };
  } catch {
    return { stateId: null, cityId: null, optionKey: null, pointId: null };
  }
}

export function saveShipping(patch: Partial<SavedShipping>): void {
  localState.set(SHIPPING_KEY, JSON.stringify({ ...readSavedShipping(), ...patch }));
}

function select(option: DeliveryOption | null, point: PickupPointView | null): void {
  const chosenPoint =
    option?.tipo === 'pickup_point'
      ? (point ?? (option.opcionais.pontos_entrega.length === 1 ? (option.opcionais.pontos_entrega[0] ?? null) : null))
      : null;
  const cost = chosenPoint?.valor ?? option?.valor ?? 0;
  const token = option?.tipo === 'pickup_point' ? (chosenPoint?.token_servico ?? null) : (option?.token ?? null);
  $shippingSelection.set({ option, point: chosenPoint, cost, token });
}

/**
 * After a calculation: the saved option if it is still offered, else the first, else store
 * pickup at cost 0 (spec section 4).
 */
export function applyOptions(options: DeliveryOption[]): void {
  $shippingOptions.set(options);
  const saved = readSavedShipping();
  const again = options.find((option) => getOptionKey(option) === saved.optionKey);
  const option = again ?? options[0] ?? null;
  const point = option?.opcionais.pontos_entrega.find((p) => p.id === saved.pointId) ?? null;
  select(option, point);
}

export function chooseOption(option: DeliveryOption, point: PickupPointView | null = null): void {
  saveShipping({ optionKey: getOptionKey(option), pointId: point?.id ?? null });
  select(option, point);
}

export function resetShipping(): void {
  $shippingOptions.set([]);
  $shippingSelection.set({ option: null, point: null, cost: 0, token: null });
}
