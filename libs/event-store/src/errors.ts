import type { ExpectedRevision } from './event-store.port';

export type ActualRevision = number | 'no_stream';

export class WrongExpectedRevision extends Error {
  override readonly name = 'WrongExpectedRevision';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: ActualRevision,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/**
 * An append on guessed revisions (`AppendOptions.guessed`) did not commit: a stream was not where
 * the guess put it, or the events were appended before. Nothing was written; read and decide again.
 */
export class StaleGuess extends Error {
  override readonly name = 'StaleGuess';
  constructor(readonly streamIds: readonly string[]) {
    super(`Streams ${streamIds.join(', ')}: the guessed revisions were not the streams' own`);
  }
}

/** The same event ids were appended before with different content. */
export class IdempotencyConflict extends Error {
  override readonly name = 'IdempotencyConflict';
  constructor(readonly eventIds: readonly string[]) {
    super(`Events ${eventIds.join(', ')} were already appended with different content`);
  }
}

export class InvalidAppend extends Error {
  override readonly name = 'InvalidAppend';
}
