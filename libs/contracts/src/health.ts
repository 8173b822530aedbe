import { IsInt, IsNotEmpty, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { invalid, length, required } from './validation-options';
export interface ProjectionStatus {
  readonly name: string;
  readonly state: 'starting' | 'running' | 'failing' | 'stopped' | 'back-filling';
  /** Global position of the last event the projection applied (0 before the first). */
  readonly position: number;
  readonly lag_events: number;
  readonly lag_ms: number;
  readonly last_error: string | null;
  readonly updated_at: string | null;
  /** The event the projection is stuck on (retrying with backoff), or null. */
  readonly failing_event: FailingEventView | null;
  /** Events an operator told this projection to skip, oldest first. */
  readonly parked_events: readonly ParkedEventView[];
  /** A projection added to a running service, replaying the log before it joins the others. */
  readonly backfill: BackfillView | null;
}

export interface BackfillView {
  /** Log events replayed so far, of `total` when it started. */
  readonly applied: number;
  readonly total: number;
  readonly events_per_second: number;
  readonly started_at: string;
}

export interface FailingEventView {
  /** Global position of the event. */
  readonly position: number;
  readonly type: string;
  readonly error: string;
  readonly since: string;
  readonly attempts: number;
}

export interface ParkedEventView {
  readonly position: number;
  readonly type: string;
  readonly reason: string;
  readonly parked_by: string | null;
  readonly parked_at: string;
}

/** Ours: the spec has no operator screens. */
export const OPS_MESSAGES = {
  unknownProjection: 'No projection has this name.',
  unknownEvent: 'No event has this position.',
  alreadyApplied: 'The projection has already applied this event.',
  alreadyParked: 'This event is already parked for this projection.',
  parked: 'Event parked.',
} as const;

/** POST /ops/projections/{name}/parked-events: skip one event for one projection, with a reason. */
export class ParkEventDto {
  @IsInt(invalid)
  @Min(1, invalid)
  position!: number;

  @IsString(invalid)
  @IsNotEmpty(required)
  @MinLength(3, length)
  @MaxLength(500, length)
  reason!: string;
}

/**
 * Committed events that readers of the log (projections, live messages, read-your-writes waits)
 * cannot take yet, because an older transaction of this database is still running and may yet
 * write events before them; and that transaction, as far as PostgreSQL shows it.
 */
export interface LogHoldup {
  /** Committed events waiting, counted up to 10,000. */
  readonly waiting_events: number;
  /** When the first of them was recorded. */
  readonly waiting_since: string | null;
  readonly transaction: {
    /**
     * The session of this database running it; null when none is seen (a prepared transaction,
     * or a session of another role that the service's role may not see).
     */
    readonly pid: number | null;
    readonly application_name: string | null;
    /** `active`, `idle in transaction`, ... */
    readonly state: string | null;
    readonly started_at: string | null;
  };
}

export interface HealthReport {
  readonly status: 'ok' | 'degraded';
  readonly database: 'up' | 'down';
  readonly event_store: {
    readonly head_position: number;
    /** What holds the log's readers back now; null when nothing committed waits. */
    readonly held_back: LogHoldup | null;
  };
  readonly projections: readonly ProjectionStatus[];
  readonly checked_at: string;
}

/**
 * What anyone may ask (`GET /health`, for load balancers and uptime checks): up, or degraded when
 * the database does not answer or a projection this process runs is failing. The details are in
 * the operators' HealthReport (`GET /ops/health`).
 */
export interface PublicHealth {
  readonly status: 'up' | 'degraded';
  readonly checked_at: string;
}

/** A place in the log: the writer's transaction and the global position. */
export interface AuditLogPosition {
  readonly commit: number;
  readonly position: number;
}

/** The first thing found wrong with the log: where, and what. */
export interface AuditLogProblem {
  readonly stream_id: string;
  readonly revision: number;
  readonly position: number | null;
  readonly problem: string;
}

/**
 * `GET /ops/audit-verification`: the last run of `npm run audit:verify` (null before the first)
 * and the last seal of the log (null before the first).
 */
export interface AuditVerificationReport {
  readonly last_verification: {
    readonly started_at: string;
    readonly finished_at: string;
    readonly events: number;
    readonly streams: number;
    readonly seals: number;
    readonly sealed_through: AuditLogPosition | null;
    readonly ok: boolean;
    readonly first_problem: AuditLogProblem | null;
    readonly problems: number;
  } | null;
  readonly last_seal: {
    readonly sealed_at: string;
    readonly through: AuditLogPosition;
    readonly total_events: number;
  } | null;
}
