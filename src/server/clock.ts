/** Time as a dependency, so services can be tested at any instant. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
