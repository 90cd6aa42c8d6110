import { describe, expect, it } from 'vitest';
import { getAvailableActions, getTransitionRefusal, planPartialRefund } from './transitions.ts';

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

describe('partial refunds', () => {
  const lines = [
    { position: 1, name: 'Mate', quantity: 2, unitPriceMinor: 1_000, refundedQuantity: 0 },
    { position: 2, name: 'Bombilla', quantity: 1, unitPriceMinor: 500, refundedQuantity: 1 },
    { position: 3, name: 'Termo', quantity: 3, unitPriceMinor: 2_500, refundedQuantity: 1 },
  ];

  it('gives back unit price times quantity of each chosen line', () => {
    expect(
      planPartialRefund('PAGO', lines, [
        { position: 3, quantity: 2 },
        { position: 1, quantity: 0 },
      ]),
    ).toEqual({
      lines: [{ position: 3, quantity: 2, amountMinor: 5_000 }],
      amountMinor: 5_000,
    });
  });

  it('refuses nothing chosen, a line twice, more than remains, and all that is left of a paid order', () => {
    expect(planPartialRefund('PAGO', lines, [{ position: 1, quantity: 0 }])).toEqual({ code: 'partial_refund_none' });
    expect(planPartialRefund('PAGO', lines, [{ position: 9, quantity: 1 }])).toEqual({ code: 'partial_refund_none' });
    expect(planPartialRefund('PAGO', lines, [{ position: 2, quantity: 1 }])).toEqual({ code: 'partial_refund_twice', item: 'Bombilla' });
    expect(planPartialRefund('PAGO', lines, [{ position: 3, quantity: 3 }])).toEqual({
      code: 'partial_refund_over',
      item: 'Termo',
      left: 2,
    });
    const everything = [
      { position: 1, quantity: 2 },
      { position: 3, quantity: 2 },
    ];
    expect(planPartialRefund('PAGO', lines, everything)).toEqual({ code: 'partial_refund_whole' });
    // once handed over, everything may come back line by line (a return)
    expect(planPartialRefund('RETIRADO', lines, everything)).toMatchObject({ amountMinor: 7_000 });
  });
});
