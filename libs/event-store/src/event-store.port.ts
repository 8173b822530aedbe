/** Who did it, from where and why: every event carries this; it is the audit trail. */
export interface EventMetadata {
  readonly actorId: string | null;
  readonly actorRole: string | null;
  readonly onBehalfOf?: string | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly commandId: string | null;
  readonly [extra: string]: unknown;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  readonly id: string;
  readonly type: TType;
  readonly data: TData;
  readonly metadata: EventMetadata;
}

/**
 * A place in the global log. Events are totally ordered by (commit, position): `commit` is the
 * writer's transaction (PostgreSQL) or commit position (KurrentDB), `position` the global position.
 */
export interface LogPosition {
  readonly commit: number;
  readonly position: number;
}

export const LOG_START: LogPosition = Object.freeze({ commit: 0, position: 0 });

export interface RecordedEvent<TType extends string = string, TData = unknown> {
  readonly id: string;
  readonly type: TType;
  readonly data: TData;
  readonly metadata: EventMetadata;
  readonly streamId: string;
  readonly streamRevision: number;
  readonly globalPosition: number;
  readonly logPosition: LogPosition;
  readonly recordedAt: Date;
}

/** 'no_stream': the stream must not exist; 'stream_exists': it must; a number: its last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/**
 * A stream an append decided on but does not write (a calendar whose capacity a booking used):
 * it must still be at this revision when the append commits, else nothing is written and the
 * append fails with WrongExpectedRevision naming it. The stream is not locked: writers of it do
 * not wait for the append, and an append that commits after such a writer's snapshot-concurrent
 * commit is ordered before it.
 */
export interface StreamCheck {
  readonly streamId: string;
  readonly expectedRevision: number | 'no_stream';
}

export interface AppendOptions {
  /** Streams read, not written, that must be unchanged: see StreamCheck. */
  readonly unchanged?: readonly StreamCheck[];
  /**
   * The expected revisions are a guess (states remembered or streams assumed new, not read) and
   * the caller reads and decides again when it is wrong: a failed append then throws
   * `StaleGuess` at once, without finding out which stream moved or whether the same events were
   * appended before (the caller's read finds that). The append itself is checked as always.
   */
  readonly guessed?: boolean;
}

export interface AppendResult {
  /** Last revision of each stream written: the expected revision of its next append. */
  readonly revisions: Readonly<Record<string, number>>;
  /** Global position of the last event written. */
  readonly position: number;
  readonly logPosition: LogPosition;
  /** True when every event was already in the store (an idempotent retry): nothing was written. */
  readonly alreadyAppended: boolean;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards defaults to 0, backwards to the end. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events after this place in the log. */
  readonly after?: LogPosition;
  readonly maxCount?: number;
}

export interface SubscribeOptions {
  readonly from: LogPosition;
  /** Called with each batch in log order; the subscription moves on only once it resolves. */
  readonly handle: (events: readonly RecordedEvent[]) => Promise<void>;
  readonly batchSize?: number;
  /**
   * A read or a batch failed; the subscription retries from the last finished batch. Called once
   * per failure, with whether it was the database being unavailable (retried within a second)
   * rather than a fault in the handler (retried with a growing delay).
   */
  readonly onError?: (error: unknown, unavailable: boolean) => void;
  /** The first read or batch that succeeded after failures: the subscription is healthy again. */
  readonly onRecovered?: () => void;
}

export interface Subscription {
  /** Where the subscription has got to: the last event its handler finished. */
  readonly position: LogPosition;
  stop(): Promise<void>;
  /** Ends a handler's backoff now (an operator parked the event it failed on): retry at once. */
  retryNow(): void;
}

export interface LogHead {
  readonly position: number;
  readonly logPosition: LogPosition;
  readonly recordedAt: Date | null;
}

/** Committed events readers cannot take yet, and the older transaction they wait behind. */
export interface LogHoldup {
  /** Up to the cap asked for. */
  readonly waitingEvents: number;
  readonly waitingSince: Date | null;
  /** How long the oldest waiting event has waited, by the database's clock. */
  readonly waitedMs: number;
  readonly transaction: {
    readonly pid: number | null;
    readonly applicationName: string | null;
    readonly state: string | null;
    readonly startedAt: Date | null;
  };
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision?: ExpectedRevision,
  ): Promise<AppendResult>;
  /**
   * All or nothing: every stream's expectation, and every unchanged stream's revision, must hold
   * or nothing is written.
   */
  appendToStreams(appends: readonly StreamAppend[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Several streams in one read, each in revision order, in the order asked for (an empty list
   * for a stream that does not exist). All are read at the same moment: no commit lands between
   * one stream and the next. A stream named in `fromRevision` is read from that revision on
   * (inclusive): a caller that already folded the earlier events reads only the new ones.
   */
  readStreams(
    streamIds: readonly string[],
    options?: { readonly fromRevision?: Readonly<Record<string, number>> },
  ): Promise<RecordedEvent[][]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from a place in the log, then live. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** The last event readers can see, or null for an empty store. */
  head(): Promise<LogHead | null>;
  /**
   * Committed events after a place in the log, counted up to `cap`: also those that readers are
   * still held back from (an older transaction runs), so a lag of 0 means everything committed
   * so far has been applied, not just what a reader could see this moment.
   */
  countAfter(after: LogPosition, cap: number): Promise<{ count: number; oldest: Date | null }>;
  /**
   * What holds readers back now: committed events past the read horizon, counted up to `cap`,
   * and the running transaction the horizon stops at; null when no committed event waits.
   */
  holdup(cap: number): Promise<LogHoldup | null>;
  /** Looks up where a global position sits in the log, for read-your-writes waits. */
  logPositionOf(position: number): Promise<LogPosition | null>;
  close(): Promise<void>;
}

export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  return a.commit - b.commit || a.position - b.position;
}
