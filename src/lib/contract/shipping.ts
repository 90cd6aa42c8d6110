/**
 * Shipping contract (storefront spec section 7, accounts spec section 3): options and pickup
 * points, types inferred from shipping-schema.ts (no zod at run time here: islands import it).
 */
import type { z } from 'zod';
import type { DeliveryOptionSchema, PickupPointViewSchema, PlaceOptionSchema } from './shipping-schema.ts';

/** A department or district as the shipping calculator's selects list it. */
export type PlaceOption = z.infer<typeof PlaceOptionSchema>;
export type PickupPointView = z.infer<typeof PickupPointViewSchema>;
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

/** A stable key of an option, to reselect the saved one after a new calculation. */
export function getOptionKey(option: Pick<DeliveryOption, 'tipo' | 'entrega_servico_id'>): string {
  return `${option.tipo}:${option.entrega_servico_id ?? 'store'}`;
}
