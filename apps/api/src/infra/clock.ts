/** The one source of "now": injected so tests can pin it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const CLOCK = Symbol('CLOCK');
