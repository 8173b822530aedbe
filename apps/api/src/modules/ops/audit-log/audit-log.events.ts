import type { LogPosition } from '@medbook/event-store';

/** The seals of the whole log, one stream, each chained to the one before (see LogSealer). */
export const SEALS_STREAM = 'audit-seals';
/** Every run of `npm run audit:verify`, with its outcome (the ops page shows the last). */
export const VERIFICATIONS_STREAM = 'audit-verifications';

export const LOG_SEALED = 'LogSealed';
export const LOG_VERIFIED = 'LogVerified';

/** What is wrong with the log at one place: the first such place is what a verification names. */
export interface LogProblem {
  readonly stream_id: string;
  readonly revision: number;
  /** Where the event is (or was, as sealed); null when nothing tells where a missing one was. */
  readonly position: number | null;
  readonly problem: string;
}

export interface LogSealed {
  readonly type: typeof LOG_SEALED;
  readonly data: {
    /** The range sealed, in commit order: after the previous seal's end, through this one's. */
    readonly after: LogPosition;
    readonly through: LogPosition;
    /** Events in the range, and in the whole log through its end. */
    readonly events: number;
    readonly total_events: number;
    /** Streams whose head moved in the range (their heads are in es_sealed_heads). */
    readonly streams: number;
    /** sha256(previous seal's digest || the range's event hashes in commit order), hex. */
    readonly digest: string;
  };
}

export interface LogVerified {
  readonly type: typeof LOG_VERIFIED;
  readonly data: {
    readonly started_at: string;
    readonly finished_at: string;
    readonly events: number;
    readonly streams: number;
    readonly seals: number;
    /** The end of the last seal checked: events after it are chained but not sealed yet. */
    readonly sealed_through: LogPosition | null;
    readonly ok: boolean;
    /** The first problem in log order, and how many were found. */
    readonly first_problem: LogProblem | null;
    readonly problems: number;
  };
}

export type AuditLogEvent = LogSealed | LogVerified;
