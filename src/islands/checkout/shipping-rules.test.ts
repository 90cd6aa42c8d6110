import { describe, expect, it } from 'vitest';
import type { DeliveryOption, PickupPoint } from './checkout-api.ts';
import { getAutoSelection, getDefaultAddress, getDeliveryType, getPickupCities, getPickupStates, isPickupOnly } from './shipping-rules.ts';

const point = (id: number, estado: string, cidade: string): PickupPoint => ({ id, nome: `P${id}`, endereco: '', estado, cidade, cidade_id: id });
const option = (entrega_servico_id: number | null, points: PickupPoint[] = []): DeliveryOption =>
  ({ entrega_servico_id, descricao: '', prazo: 1, valor: 0, token: 't', opcionais: { pontos_entrega: points } });

describe('checkout shipping rules (accounts spec section 4)', () => {
  it('tells delivery, store pickup and pickup points apart', () => {
    expect(getDeliveryType(option(3))).toBe('delivery');
    expect(getDeliveryType(option(null))).toBe('pickup');
    expect(getDeliveryType(option(5, [point(1, 'Central', 'Luque')]))).toBe('pickup_point');
  });
  it('auto-selects a single option and a single point inside it, nothing otherwise', () => {
    const only = option(5, [point(1, 'Central', 'Luque')]);
    expect(getAutoSelection([only])).toEqual({ option: only, point: only.opcionais!.pontos_entrega![0] });
    expect(getAutoSelection([option(1), option(null)])).toEqual({ option: null, point: null });
  });
  it('shows pickup-only mode when store pickup is the only option', () => {
    expect(isPickupOnly([option(null)])).toBe(true);
    expect(isPickupOnly([option(null), option(2)])).toBe(false);
  });
  it('deduplicates and sorts pickup states and cities', () => {
    const points = [point(1, 'Central', 'Luque'), point(2, 'Alto Parana', 'Ciudad del Este'), point(3, 'Central', 'Capiatá'), point(4, 'Central', 'Luque')];
    expect(getPickupStates(points)).toEqual(['Alto Parana', 'Central']);
    expect(getPickupCities(points, 'Central')).toEqual(['Capiatá', 'Luque']);
  });
  it('chooses the first main address, else the first', () => {
    const base = { nome: '', logradouro: '', numero: '', bairro: '', cidade: '', estado: '', ativo: true };
    expect(getDefaultAddress([{ ...base, id: 1, principal: false }, { ...base, id: 2, principal: true }])?.id).toBe(2);
    expect(getDefaultAddress([{ ...base, id: 1, principal: false }])?.id).toBe(1);
    expect(getDefaultAddress([])).toBeNull();
  });
});
