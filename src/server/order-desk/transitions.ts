/**
 * What the order desk may do to an order (DECISIONS.md, "the store's side"). Pure rules: the
 * service applies them to the locked row, so two staff members clicking at once change it once.
 */
import { DESK_ACTIONS, type DeskAction } from '#lib/contract/order-desk.ts';

export type StaffRole = 'admin' | 'counter';
type DeliveryType = 'delivery' | 'pickup' | 'pickup_point';

interface Rule {
  from: readonly string[];
  to: string;
  roles: readonly StaffRole[];
  deliveryTypes: readonly DeliveryType[];
  /** A reason the staff member must give (kept in the status history). */
  needsReason: boolean;
}

export const TRANSITIONS: Record<DeskAction, Rule> = {
  // A pickup point receives its parcel from a carrier, so it is shipped like a delivery.
  ship: { from: ['PAGO'], to: 'ENVIADO', roles: ['admin', 'counter'], deliveryTypes: ['delivery', 'pickup_point'], needsReason: false },
  hand_over: { from: ['PAGO'], to: 'RETIRADO', roles: ['admin', 'counter'], deliveryTypes: ['pickup'], needsReason: false },
  cancel: {
    from: ['PAGAMENTO', 'AGUARDANDO'],
    to: 'CANCELADO',
    roles: ['admin', 'counter'],
    deliveryTypes: ['delivery', 'pickup', 'pickup_point'],
    needsReason: true,
  },
  // Money goes back only by an admin (the counter role runs orders and pickups, not refunds).
  refund: { from: ['PAGO'], to: 'ESTORNADO', roles: ['admin'], deliveryTypes: ['delivery', 'pickup', 'pickup_point'], needsReason: true },
};

export type TransitionRefusal = 'forbidden' | 'changed_meanwhile' | 'invalid_transition' | 'wrong_delivery_type' | 'reason_required';

export interface TransitionCheck {
  action: DeskAction;
  role: StaffRole;
  current: { status: string; deliveryType: string };
  /** The status the staff member saw when they clicked; another status means someone was faster. */
  expectedStatus?: string | undefined;
  reason?: string | undefined;
}

/** Why a transition is refused, or null when it may go ahead. */
export function getTransitionRefusal({ action, role, current, expectedStatus, reason }: TransitionCheck): TransitionRefusal | null {
  const rule = TRANSITIONS[action];
  if (!rule.roles.includes(role)) return 'forbidden';
  if (expectedStatus !== undefined && expectedStatus !== current.status) return 'changed_meanwhile';
  if (!rule.from.includes(current.status)) return 'invalid_transition';
  if (!rule.deliveryTypes.includes(current.deliveryType as DeliveryType)) return 'wrong_delivery_type';
  if (rule.needsReason && !reason?.trim()) return 'reason_required';
  return null;
}

/** The actions offered on an order's page: those its status, delivery type and the role allow. */
export function getAvailableActions(role: StaffRole, current: { status: string; deliveryType: string }): DeskAction[] {
  return DESK_ACTIONS.filter((action) => {
    const refusal = getTransitionRefusal({ action, role, current, reason: 'x' });
    return refusal === null;
  });
}

// ---- Partial refunds (issue 34 point 5, decision 1140) ----

/** Statuses whose chosen lines an admin may refund: paid, also once shipped or handed over (a return). */
export const PARTIAL_REFUND_FROM: readonly string[] = ['PAGO', 'ENVIADO', 'RETIRADO'];

export interface RefundLineState {
  position: number;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  refundedQuantity: number;
}

export type PartialRefundRefusal =
  | { code: 'partial_refund_none' }
  | { code: 'partial_refund_twice'; item: string }
  | { code: 'partial_refund_over'; item: string; left: number }
  | { code: 'partial_refund_whole' };

export interface PartialRefundPlan {
  lines: Array<{ position: number; quantity: number; amountMinor: number }>;
  amountMinor: number;
}

/**
 * What refunding these quantities gives back, line by line (unit price times quantity, in the
 * order's currency), or why not: nothing chosen, a line already refunded, more than remains of
 * a line, or everything left of a paid order (the whole refund does that, and ends the order).
 */
export function planPartialRefund(
  status: string,
  lines: readonly RefundLineState[],
  requested: ReadonlyArray<{ position: number; quantity: number }>,
): PartialRefundPlan | PartialRefundRefusal {
  const chosen = requested.filter((line) => line.quantity > 0);
  if (chosen.length === 0) return { code: 'partial_refund_none' };
  const planned: PartialRefundPlan['lines'] = [];
  for (const want of chosen) {
    const line = lines.find((candidate) => candidate.position === want.position);
    if (!line || planned.some((done) => done.position === want.position)) return { code: 'partial_refund_none' };
    const left = line.quantity - line.refundedQuantity;
    if (left === 0) return { code: 'partial_refund_twice', item: line.name };
    if (want.quantity > left) return { code: 'partial_refund_over', item: line.name, left };
    planned.push({ position: line.position, quantity: want.quantity, amountMinor: line.unitPriceMinor * want.quantity });
  }
  const leftAfter = lines.reduce((sum, line) => sum + line.quantity - line.refundedQuantity, 0) - sum(planned.map((l) => l.quantity));
  if (status === 'PAGO' && leftAfter === 0) return { code: 'partial_refund_whole' };
  return { lines: planned, amountMinor: sum(planned.map((line) => line.amountMinor)) };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
