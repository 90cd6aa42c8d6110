import { orderDeskMessages } from '#lib/i18n/order-desk.ts';
import { orderTimelineMessages } from '#lib/i18n/order-timeline.ts';
import { defineErrors, type DomainError, type ErrorKind } from '../errors/domain-error.ts';
import type { PartialRefundRefusal, TransitionRefusal } from './transitions.ts';

type DeskErrorCode = TransitionRefusal | 'not_found' | 'too_many_attempts' | 'no_refund_due' | 'manual_refund_input';

const KIND_OF: Record<DeskErrorCode, ErrorKind> = {
  not_found: 'not_found',
  forbidden: 'forbidden',
  changed_meanwhile: 'conflict',
  invalid_transition: 'conflict',
  wrong_delivery_type: 'conflict',
  reason_required: 'invalid',
  too_many_attempts: 'too_many',
  no_refund_due: 'conflict',
  manual_refund_input: 'invalid',
};

/** The desk's refusals, keys of its catalogue (decision 0720). */
export const orderDeskError = defineErrors(orderDeskMessages, orderTimelineMessages);

/** The timeline's refusals (a note, "send again"), their messages `error_<code>` in the timeline's catalogue. */
export function timelineError(code: 'note_invalid' | 'mail_not_sent' | 'mail_cap', params: Record<string, number> = {}): DomainError {
  const kind: ErrorKind = code === 'mail_cap' ? 'too_many' : code === 'note_invalid' ? 'invalid' : 'conflict';
  return orderDeskError(kind, `error_${code}`, { code, params, details: { code } });
}

/** Why chosen lines cannot be refunded (transitions.ts, planPartialRefund): `{item}` and `{left}` name the line. */
export function partialRefundError(refusal: PartialRefundRefusal): DomainError {
  const { code, ...params } = refusal;
  return orderDeskError(code === 'partial_refund_none' ? 'invalid' : 'conflict', `error_${code}`, { code, params, details: { code } });
}

/**
 * A refused desk request (decision 0720's DomainError), its message `error_<code>`. `status` is the
 * order's status when it was refused: the answer carries it and the message names it (routes.ts
 * puts the status's label in the staff member's language).
 */
export function deskError(code: DeskErrorCode, status: string | null = null): DomainError {
  return orderDeskError(KIND_OF[code], `error_${code}`, { code, params: status ? { status } : {}, details: { code, status } });
}
