import { describe, expect, it } from 'vitest';
import { getAvailableActions, getTransitionRefusal } from './transitions.ts';

const paidPickup = { status: 'PAGO', deliveryType: 'pickup' };
const paidDelivery = { status: 'PAGO', deliveryType: 'delivery' };

describe('order desk transitions', () => {
  it('offers what the status, delivery type and role allow', () => {
    expect(getAvailableActions('admin', paidPickup)).toEqual(['hand_over', 'refund']);
    expect(getAvailableActions('admin', paidDelivery)).toEqual(['ship', 'refund']);
    expect(getAvailableActions('counter', paidDelivery)).toEqual(['ship']);
    expect(getAvailableActions('counter', { status: 'PAGAMENTO', deliveryType: 'delivery' })).toEqual(['cancel']);
    expect(getAvailableActions('admin', { status: 'RETIRADO', deliveryType: 'pickup' })).toEqual([]);
  });

  it('refuses with the reason', () => {
    expect(getTransitionRefusal({ action: 'refund', role: 'counter', current: paidPickup, reason: 'x' })).toBe('forbidden');
    expect(getTransitionRefusal({ action: 'hand_over', role: 'counter', current: paidPickup, expectedStatus: 'PAGAMENTO' })).toBe(
      'changed_meanwhile',
    );
    expect(getTransitionRefusal({ action: 'hand_over', role: 'counter', current: { status: 'RETIRADO', deliveryType: 'pickup' } })).toBe(
      'invalid_transition',
    );
    expect(getTransitionRefusal({ action: 'hand_over', role: 'admin', current: paidDelivery })).toBe('wrong_delivery_type');
    expect(
      getTransitionRefusal({ action: 'cancel', role: 'admin', current: { status: 'PAGAMENTO', deliveryType: 'pickup' }, reason: '  ' }),
    ).toBe('reason_required');
    expect(
      getTransitionRefusal({ action: 'cancel', role: 'admin', current: { status: 'PAGO', deliveryType: 'pickup' }, reason: 'x' }),
    ).toBe('invalid_transition');
    expect(getTransitionRefusal({ action: 'ship', role: 'counter', current: paidDelivery, expectedStatus: 'PAGO' })).toBeNull();
  });
});
