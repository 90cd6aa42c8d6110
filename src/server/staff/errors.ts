/** Why a staff write was refused; pages turn each into a message of the panel catalogue. */
export type StaffRefusal = 'emailTaken' | 'emailInvalid' | 'notFound' | 'notYourself' | 'linkInvalid' | 'passwordWeak';

export class StaffRefused extends Error {
  readonly reason: StaffRefusal;
  constructor(reason: StaffRefusal) {
    super(reason);
    this.name = 'StaffRefused';
    this.reason = reason;
  }
}
