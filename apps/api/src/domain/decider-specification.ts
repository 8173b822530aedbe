import assert from 'node:assert/strict';
import { type Decider, fold } from './decider';

type AnyEvent = { type: string; data: unknown };
type ErrorClass = abstract new (...args: never[]) => Error;

/** What a decider test says after given and when: the events expected, or the refusal. */
export interface Then<Event> {
  /** The command decides exactly these events (deep equality, in order). */
  then(expected: readonly Event[]): void;
  /** The command decides nothing: already so, or nothing to change. */
  thenNothing(): void;
  /** The command is refused with this error class and, when given, this message. */
  thenThrows(kind: ErrorClass, message?: string | RegExp): void;
  /** The decided events, for checks that equality cannot say (ids, times). */
  thenEvents(check: (events: readonly Event[]) => void): void;
}

/**
 * Given / when / then for a pure decider: given the events of its history, when a command comes,
 * then these events (or this refusal). Plain assertions (node:assert), so any test runner reads
 * them: a decider test reads like the business rule.
 */
export const DeciderSpecification = {
  for<Command, Event extends AnyEvent, State>(decider: Decider<Command, Event, State>) {
    return (given: readonly Event[] = []) => ({
      when(command: Command): Then<Event> {
        const decide = () => decider.decide(command, fold(decider, given));
        return {
          then: (expected) => assert.deepStrictEqual(decide(), expected),
          thenNothing: () => assert.deepStrictEqual(decide(), []),
          thenThrows: (kind, message) => {
            assert.throws(decide, (error: unknown) => {
              assert.ok(error instanceof kind, `expected ${kind.name}, got ${String(error)}`);
              if (typeof message === 'string') assert.equal(error.message, message);
              else if (message) assert.match(error.message, message);
              return true;
            });
          },
          thenEvents: (check) => check(decide()),
        };
      },
    });
  },
};
