/** What the reference look-ups refuse: an unknown state, or no city for a municipality code. */
export type ReferenceErrorCode = 'state_not_found' | 'city_not_found';

export class ReferenceError extends Error {
  readonly code: ReferenceErrorCode;
  readonly status = 404;

  constructor(code: ReferenceErrorCode) {
    super(code);
    this.code = code;
  }
}
