import { describe, expect, it } from 'vitest';
import type { DeliveryOption, PickupPoint } from './checkout-api.ts';
import {
  getAutoSelection,
  getDefaultAddress,
  getDeliveryType,
  getPickupCities,
  getPickupStates,
  getSavedChoice,
  isPickupOnly,
  keepSelection,
  parseSavedShipping,
  withAllPickupPoints,
} from './shipping-rules.ts';

const point = (id: number, estado: string, cidade: string): PickupPoint => ({
  id,
  nome: `P${id}`,
  endereco: '',
  estado,
  cidade,
  cidade_id: id,
});
const option = (entrega_servico_id: number | null, points: PickupPoint[] = []): DeliveryOption => ({
  entrega_servico_id,
  descricao: '',
  prazo: 1,
  valor: 0,
  token: 't',
  opcionais: { pontos_entrega: points },
});

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
  it('keeps the chosen option and point through a recalculation, with their new token; else auto-selects', () => {
    const before = [option(1), option(5, [point(7, 'Central', 'Luque')]), option(null)];
    const after = [{ ...option(1), token: 'new' }, option(5, [point(7, 'Central', 'Luque'), point(8, 'Central', 'Luque')]), option(null)];
    expect(keepSelection(after, { option: before[0]!, point: null })).toEqual({ option: after[0], point: null, kept: true });
    expect(keepSelection(after, { option: before[1]!, point: before[1]!.opcionais!.pontos_entrega![0]! })).toEqual({
      option: after[1],
      point: after[1]!.opcionais!.pontos_entrega![0],
      kept: true,
    });
    expect(keepSelection([option(2), option(null)], { option: before[0]!, point: null })).toEqual({
      option: null,
      point: null,
      kept: false,
    });
    expect(keepSelection([option(null)], { option: null, point: null })).toEqual({ option: option(null), point: null, kept: false });
  });
  it('shows pickup-only mode when store pickup is the only option', () => {
    expect(isPickupOnly([option(null)])).toBe(true);
    expect(isPickupOnly([option(null), option(2)])).toBe(false);
  });
  it('deduplicates and sorts pickup states and cities', () => {
    const points = [
      point(1, 'Central', 'Luque'),
      point(2, 'Alto Parana', 'Ciudad del Este'),
      point(3, 'Central', 'Capiatá'),
      point(4, 'Central', 'Luque'),
    ];
    expect(getPickupStates(points)).toEqual(['Alto Parana', 'Central']);
    expect(getPickupCities(points, 'Central')).toEqual(['Capiatá', 'Luque']);
  });
  it('chooses the first main address, else the first', () => {
    const base = { nome: '', logradouro: '', numero: '', bairro: '', cidade: '', estado: '', ativo: true };
    expect(
      getDefaultAddress([
        { ...base, id: 1, principal: false },
        { ...base, id: 2, principal: true },
      ])?.id,
    ).toBe(2);
    expect(getDefaultAddress([{ ...base, id: 1, principal: false }])?.id).toBe(1);
    expect(getDefaultAddress([])).toBeNull();
  });
  it('offers every pickup point, in any city, adding the option before store pickup when the city has none', () => {
    const all = [
      { ...point(1, 'Capital', 'Asunción'), valor: 30000, prazo: 2, entrega_servico_id: 3 },
      { ...point(2, 'Alto Parana', 'Ciudad del Este'), valor: 15000, prazo: 1, entrega_servico_id: 3 },
    ];
    const delivery = option(2);
    const store = option(null);
    const added = withAllPickupPoints([delivery, store], all, 'Punto de retiro');
    expect(added.map(getDeliveryType)).toEqual(['delivery', 'pickup_point', 'pickup']);
    expect(added[1]).toMatchObject({ descricao: 'Punto de retiro', entrega_servico_id: 3, valor: 15000, prazo: 1, token: null });
    expect(getPickupStates(added[1]!.opcionais!.pontos_entrega!)).toEqual(['Alto Parana', 'Capital']);
    const own = { ...option(3, [all[0]!]), descricao: 'Retiro en punto aliado' };
    const merged = withAllPickupPoints([delivery, own, store], all, 'Punto de retiro');
    expect(merged).toHaveLength(3);
    expect(merged[1]).toMatchObject({ descricao: 'Retiro en punto aliado', valor: 15000 });
    expect(merged[1]!.opcionais!.pontos_entrega).toEqual(all);
    expect(withAllPickupPoints([store], [], 'x')).toEqual([store]);
  });
  it('offers the choice kept from an earlier visit again for the same city only, while it is still offered', () => {
    const options = [option(2), option(5, [point(7, 'Central', 'Luque')]), option(null)];
    const kept = parseSavedShipping(
      JSON.stringify({ addressId: 4, city: 'Asunción, Capital', type: 'pickup_point', serviceId: 5, pointId: 7 }),
    );
    expect(getSavedChoice(options, kept, 'Asunción, Capital')).toEqual({
      option: options[1],
      point: options[1]!.opcionais!.pontos_entrega![0],
    });
    expect(getSavedChoice(options, kept, 'Luque, Central')).toEqual({ option: null, point: null });
    expect(getSavedChoice([option(2), option(null)], kept, 'Asunción, Capital')).toEqual({ option: null, point: null });
    const delivery = parseSavedShipping(JSON.stringify({ addressId: 4, city: 'Asunción, Capital', type: 'delivery', serviceId: 2 }));
    expect(getSavedChoice(options, delivery, 'Asunción, Capital')).toEqual({ option: options[0], point: null });
    expect(parseSavedShipping('{not json')).toBeNull();
    expect(getSavedChoice(options, parseSavedShipping('{"addressId":4}'), 'Asunción, Capital')).toEqual({ option: null, point: null });
  });
});
