import type { TransitionRefusal } from './transitions.ts';

export type DeskErrorCode = TransitionRefusal | 'not_found' | 'too_many_attempts';

const STATUS_OF: Record<DeskErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  changed_meanwhile: 409,
  invalid_transition: 409,
  wrong_delivery_type: 409,
  reason_required: 422,
  too_many_attempts: 429,
};

/** A refused desk request; routes turn `code` into the staff member's language. */
export class DeskError extends Error {
  readonly code: DeskErrorCode;
  readonly status: number;
  /** The order's status when it was refused (so the message can say what it is now). */
  readonly currentStatus: string | null;

  constructor(code: DeskErrorCode, currentStatus: string | null = null) {
    super(code);
    this.code = code;
    this.status = STATUS_OF[code];
    this.currentStatus = currentStatus;
  }
}
