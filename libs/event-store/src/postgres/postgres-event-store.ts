import type { Sql } from 'postgres';
import { IdempotencyConflict, InvalidAppend, StaleGuess, WrongExpectedRevision } from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedRevision,
  LogHead,
  LogHoldup,
  LogPosition,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  StreamCheck,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './event-rows';
import { countAfter, heldBack, logHead, logHoldup, logPositionOf, readLogBelow } from './log-reads';
import { PostgresSubscription } from './postgres-subscription';

export const EVENTS_CHANNEL = 'es_events';

export interface PostgresEventStoreOptions {
  /** Source of `recorded_at`; defaults to the wall clock. */
  readonly now?: () => Date;
  /** How often a subscription polls when no notification arrives. */
  readonly pollIntervalMs?: number;
  /** Subscriptions LISTEN for appends; off, they only poll. */
  readonly listen?: boolean;
  /**
   * After a batch that had events (the log is busy), a subscription waits this long before it
   * reads again, so under load one batch carries many events instead of one each. A quiet log
   * is read as soon as an append wakes it: the first event after a pause is not delayed.
   */
  readonly batchWindowMs?: number;
  /**
   * Other processes learn of appends through NOTIFY, which costs PostgreSQL a global lock at each
   * commit. After one, appends within this many ms share the next: under load a process sends
   * one NOTIFY per interval instead of one per append or so. Its own subscribers wake at once.
   */
  readonly notifySpacingMs?: number;
}

interface AppendedRow {
  event_id: string;
  stream_id: string;
  stream_revision: string;
  global_position: string;
  transaction_id: string;
  already_appended?: boolean;
}

const EXPECTED_CODES: Record<Exclude<ExpectedRevision, number>, number> = {
  no_stream: -1,
  any: -2,
  stream_exists: -3,
};

const UNIQUE_VIOLATION = '23505';
const WRONG_EXPECTED_REVISION = 'ES001';
const IDEMPOTENCY_CONFLICT = 'ES002';
const HEADS_NOT_MOVED = 'ES003';
const DEADLOCK = '40P01';

/** Event store on PostgreSQL: the `es_events` log written through the `es_append` function. */
export class PostgresEventStore implements EventStore {
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly now: () => Date;
  private notifying: Promise<void> | null = null;
  private notifyAgain = false;

  constructor(
    private readonly sql: Sql,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision = 'any',
  ): Promise<AppendResult> {
    return this.appendToStreams([{ streamId, events, expectedRevision }]);
  }

  async appendToStreams(
    appends: readonly StreamAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const unchanged = options.unchanged ?? [];
    validateAppends(appends, unchanged);
    // A fixed lock order keeps two multi-stream appends from deadlocking.
    const sorted = [...appends].sort((a, b) => (a.streamId < b.streamId ? -1 : 1));
    const recordedAt = this.now();
    try {
      const fast =
        sorted.length === 1 && unchanged.length === 0
          ? await this.appendFast(sorted[0]!, recordedAt)
          : await this.appendFastToStreams(sorted, unchanged, recordedAt);
      // A guess the one statement refused: the caller reads again, so nothing is explained.
      if (fast?.length === 0 && options.guessed) {
        throw new StaleGuess([
          ...sorted.map((a) => a.streamId),
          ...unchanged.map((c) => c.streamId),
        ]);
      }
      const rows = fast?.length ? fast : await this.appendChecked(sorted, unchanged, recordedAt);
      const result = toAppendResult(rows, rows[0]?.already_appended === true);
      if (!result.alreadyAppended) this.announceAppend();
      return result;
    } catch (error) {
      if (error instanceof StaleGuess) throw error;
      return this.explainAppendFailure(error, sorted);
    }
  }

  /**
   * The general append through `es_append`, which locks and checks each written stream, then
   * (unless it replayed a retry) checks the unchanged streams in the same transaction.
   */
  private async appendChecked(
    sorted: readonly StreamAppend[],
    unchanged: readonly StreamCheck[],
    recordedAt: Date,
  ): Promise<AppendedRow[]> {
    const streamIds = sorted.map((a) => a.streamId);
    const expected = sorted.map((a) => expectedCode(a.expectedRevision));
    const events = sorted.flatMap((a, index) =>
      a.events.map((e) => ({ id: e.id, s: index + 1, t: e.type, d: e.data, m: e.metadata })),
    );
    const append = (sql: Sql) => sql<AppendedRow[]>`
      SELECT * FROM es_append(${streamIds}::text[], ${expected}::bigint[], ${this.sql.json(
        events as never,
      )}::jsonb, ${recordedAt}::timestamptz)`;
    if (unchanged.length === 0) return append(this.sql);
    return await this.sql.begin(async (tx) => {
      const rows = await append(tx as unknown as Sql);
      if (rows[0]?.already_appended === true) return rows;
      const heads = await tx<{ stream_id: string; revision: string }[]>`
        SELECT stream_id, revision FROM es_streams
         WHERE stream_id = ANY(${unchanged.map((c) => c.streamId)}::text[])`;
      for (const check of unchanged) {
        const actual = Number(heads.find((h) => h.stream_id === check.streamId)?.revision ?? -1);
        if (actual !== expectedCode(check.expectedRevision)) {
          throw new WrongExpectedRevision(
            check.streamId,
            check.expectedRevision,
            actual < 0 ? 'no_stream' : actual,
          );
        }
      }
      return rows;
    });
  }

  /**
   * The common single-stream append with an exact or no-stream expectation as one SQL statement,
   * without the PL/pgSQL function's checks: the stream row's guarded update (or insert) is the
   * revision check, and the unique event id the duplicate check. It answers no rows when the
   * guard fails or the ids exist, and then `es_append` runs and explains (or replays) the result.
   * Null when the append is not of that shape.
   */
  private async appendFast(append: StreamAppend, recordedAt: Date): Promise<AppendedRow[] | null> {
    const expected = append.expectedRevision;
    if (expected !== 'no_stream' && typeof expected !== 'number') return null;
    const count = append.events.length;
    const events = this.sql.json(
      append.events.map((e) => ({ id: e.id, t: e.type, d: e.data, m: e.metadata })) as never,
    );
    const head =
      expected === 'no_stream'
        ? this
            .sql`INSERT INTO es_streams (stream_id, revision) VALUES (${append.streamId}, ${count - 1})
                   ON CONFLICT (stream_id) DO NOTHING RETURNING -1::bigint AS prev`
        : this.sql`UPDATE es_streams SET revision = revision + ${count}, updated_at = now()
                    WHERE stream_id = ${append.streamId} AND revision = ${expected}
                   RETURNING revision - ${count} AS prev`;
    try {
      return await this.sql<AppendedRow[]>`
        WITH head AS (${head})
        INSERT INTO es_events AS e
               (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at)
        SELECT (x.e ->> 'id')::uuid, ${append.streamId}, head.prev + x.ord, x.e ->> 't',
               x.e -> 'd', x.e -> 'm', ${recordedAt}::timestamptz
          FROM head, jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS x(e, ord)
         ORDER BY x.ord
        RETURNING e.event_id, e.stream_id, e.stream_revision, e.global_position,
                  e.transaction_id::text AS transaction_id`;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return [];
      throw error;
    }
  }

  /**
   * An append that creates streams and moves at most one existing stream at its exact revision
   * (a booking: a new appointment and its slot) as one SQL statement. Its locks are taken in the
   * same order as es_append's (the sorted stream ids): the creations in that order first, then
   * the one update, so it is used only when the existing stream sorts after every new one. When a
   * head is not where expected, `es_require_heads` fails the statement, which undoes it whole;
   * a duplicate event id fails it too. Then it answers no rows and `es_append` runs and explains
   * (or replays) the result. Null when the append is not of that shape.
   */
  private async appendFastToStreams(
    sorted: readonly StreamAppend[],
    unchanged: readonly StreamCheck[],
    recordedAt: Date,
  ): Promise<AppendedRow[] | null> {
    const exact = sorted.filter((a) => typeof a.expectedRevision === 'number');
    const created = sorted.filter((a) => a.expectedRevision === 'no_stream');
    if (exact.length > 1 || exact.length + created.length !== sorted.length) return null;
    if (exact.length === 1 && sorted[sorted.length - 1] !== exact[0]) return null;
    const streamIds = sorted.map((a) => a.streamId);
    const expected = sorted.map((a) => expectedCode(a.expectedRevision));
    const counts = sorted.map((a) => a.events.length);
    const events = this.sql.json(
      sorted.flatMap((a, index) =>
        a.events.map((e) => ({ id: e.id, s: index + 1, t: e.type, d: e.data, m: e.metadata })),
      ) as never,
    );
    try {
      return await this.sql<AppendedRow[]>`
        WITH input AS (
          SELECT * FROM unnest(${streamIds}::text[], ${expected}::bigint[], ${counts}::int[])
                   WITH ORDINALITY AS i(stream_id, expected, n, idx)
        ), created AS (
          INSERT INTO es_streams (stream_id, revision)
          SELECT stream_id, n - 1 FROM input WHERE expected = -1 ORDER BY idx
              ON CONFLICT (stream_id) DO NOTHING
          RETURNING stream_id, -1::bigint AS prev
        ), moved AS (
          -- Reads the creations' count, so it updates only after they are done.
          UPDATE es_streams AS s SET revision = s.revision + i.n, updated_at = now()
            FROM input AS i, (SELECT count(*) AS n FROM created) AS c
           WHERE s.stream_id = i.stream_id AND i.expected >= 0 AND s.revision = i.expected
             AND c.n >= 0
          RETURNING s.stream_id, s.revision - i.n AS prev
        ), heads AS (
          SELECT stream_id, prev FROM created UNION ALL SELECT stream_id, prev FROM moved
        ), unchanged AS (
          -- Streams decided on but not written: still where they were read (same snapshot).
          SELECT c.stream_id
            FROM unnest(${unchanged.map((c) => c.streamId)}::text[],
                        ${unchanged.map((c) => expectedCode(c.expectedRevision))}::bigint[])
                   AS c(stream_id, revision)
            LEFT JOIN es_streams AS s ON s.stream_id = c.stream_id
           WHERE coalesce(s.revision, -1) = c.revision
        ), checked AS (
          SELECT es_require_heads(
                   (SELECT count(*) FROM heads) + (SELECT count(*) FROM unchanged),
                   ${sorted.length + unchanged.length}) AS ok
        )
        INSERT INTO es_events AS e
               (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at)
        SELECT (x.e ->> 'id')::uuid, i.stream_id,
               h.prev + row_number() OVER (PARTITION BY i.idx ORDER BY x.ord),
               x.e ->> 't', x.e -> 'd', x.e -> 'm', ${recordedAt}::timestamptz
          FROM checked,
               jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS x(e, ord)
               JOIN input AS i ON i.idx = (x.e ->> 's')::int
               JOIN heads AS h ON h.stream_id = i.stream_id
         WHERE checked.ok
         ORDER BY x.ord
        RETURNING e.event_id, e.stream_id, e.stream_revision, e.global_position,
                  e.transaction_id::text AS transaction_id`;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === HEADS_NOT_MOVED || code === UNIQUE_VIOLATION || code === DEADLOCK) return [];
      throw error;
    }
  }

  /**
   * Wakes subscribers after a commit: this process's at once, other processes' through NOTIFY.
   * At most one NOTIFY is in flight (then the spacing pause); appends meanwhile are covered by
   * one more after it, so a burst of appends costs two notifications, not one each.
   */
  private announceAppend(): void {
    for (const subscription of this.subscriptions) subscription.wakeUp();
    this.notifyAgain = true;
    if (this.notifying) return;
    const spacing = this.options.notifySpacingMs ?? 0;
    this.notifying = (async () => {
      do {
        this.notifyAgain = false;
        await this.sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.catch(() => undefined);
        if (spacing > 0) await new Promise((resolve) => setTimeout(resolve, spacing));
      } while (this.notifyAgain);
      this.notifying = null;
    })();
  }

  /**
   * A failed append may be the loser of two identical concurrent retries: when every event is
   * already stored with the same content, the retry succeeds with the first result.
   */
  private async explainAppendFailure(
    error: unknown,
    appends: readonly StreamAppend[],
  ): Promise<AppendResult> {
    const code = (error as { code?: string }).code;
    if (code === IDEMPOTENCY_CONFLICT) {
      throw new IdempotencyConflict(appends.flatMap((a) => a.events.map((e) => e.id)));
    }
    if (code !== WRONG_EXPECTED_REVISION && code !== UNIQUE_VIOLATION) throw error;
    const stored = await this.findAppended(appends);
    if (stored) return stored;
    if (code === WRONG_EXPECTED_REVISION) {
      const detail = JSON.parse((error as { detail: string }).detail) as {
        stream: string;
        actual: number;
      };
      const append = appends.find((a) => a.streamId === detail.stream);
      throw new WrongExpectedRevision(
        detail.stream,
        append?.expectedRevision ?? 'any',
        detail.actual < 0 ? 'no_stream' : detail.actual,
      );
    }
    // A unique (stream, revision) clash cannot happen under the stream row lock; an event id
    // clash with other content is an idempotency conflict.
    throw new IdempotencyConflict(appends.flatMap((a) => a.events.map((e) => e.id)));
  }

  private async findAppended(appends: readonly StreamAppend[]): Promise<AppendResult | null> {
    const wanted = appends.flatMap((a) =>
      a.events.map((e) => ({ id: e.id, s: a.streamId, t: e.type, d: e.data })),
    );
    const rows = await this.sql<(AppendedRow & { same: boolean })[]>`
      SELECT e.event_id, e.stream_id, e.stream_revision, e.global_position,
             e.transaction_id::text AS transaction_id,
             (e.stream_id = x.e ->> 's' AND e.event_type = x.e ->> 't' AND e.data = x.e -> 'd') AS same
        FROM jsonb_array_elements(${this.sql.json(wanted as never)}::jsonb) AS x(e)
        JOIN es_events e ON e.event_id = (x.e ->> 'id')::uuid
       ORDER BY e.transaction_id, e.global_position`;
    if (rows.length === 0) return null;
    if (rows.length < wanted.length || rows.some((r) => !r.same)) {
      throw new IdempotencyConflict(wanted.map((e) => e.id));
    }
    return toAppendResult(rows, true);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows =
      options.direction === 'backwards'
        ? await this.sql<EventRow[]>`
            SELECT ${this.sql.unsafe(EVENT_COLUMNS)} FROM es_events
             WHERE stream_id = ${streamId}
               AND stream_revision <= ${options.fromRevision ?? Number.MAX_SAFE_INTEGER}
             ORDER BY stream_revision DESC LIMIT ${limit}`
        : await this.sql<EventRow[]>`
            SELECT ${this.sql.unsafe(EVENT_COLUMNS)} FROM es_events
             WHERE stream_id = ${streamId} AND stream_revision >= ${options.fromRevision ?? 0}
             ORDER BY stream_revision LIMIT ${limit}`;
    return rows.map(toRecordedEvent);
  }

  async readStreams(
    streamIds: readonly string[],
    options: { readonly fromRevision?: Readonly<Record<string, number>> } = {},
  ): Promise<RecordedEvent[][]> {
    if (streamIds.length === 0) return [];
    const from = streamIds.map((id) => options.fromRevision?.[id] ?? 0);
    // One statement, so one snapshot for all the streams.
    const rows = await this.sql<EventRow[]>`
      SELECT ${this.sql.unsafe(EVENT_COLUMNS)}
        FROM unnest(${streamIds as string[]}::text[], ${from}::bigint[]) AS r(sid, from_revision)
        JOIN es_events ON stream_id = r.sid AND stream_revision >= r.from_revision
       ORDER BY stream_id, stream_revision`;
    const byStream = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    for (const row of rows) byStream.get(row.stream_id)?.push(toRecordedEvent(row));
    return streamIds.map((id) => byStream.get(id)!);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return readLogBelow(this.sql, options, 'database');
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new PostgresSubscription(this.sql, {
      ...options,
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      listen: this.options.listen ?? true,
      batchWindowMs: this.options.batchWindowMs ?? 0,
      channel: EVENTS_CHANNEL,
      read: (after, maxCount, horizon) => readLogBelow(this.sql, { after, maxCount }, horizon),
      heldBack: (after, horizon) => heldBack(this.sql, after, horizon),
      onStopped: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  head(): Promise<LogHead | null> {
    return logHead(this.sql);
  }

  holdup(cap: number): Promise<LogHoldup | null> {
    return logHoldup(this.sql, cap);
  }

  countAfter(after: LogPosition, cap: number): Promise<{ count: number; oldest: Date | null }> {
    return countAfter(this.sql, after, cap);
  }

  logPositionOf(position: number): Promise<LogPosition | null> {
    return logPositionOf(this.sql, position);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.notifying;
  }
}

function validateAppends(
  appends: readonly StreamAppend[],
  unchanged: readonly StreamCheck[],
): void {
  if (appends.length === 0) throw new InvalidAppend('An append needs at least one stream');
  const seen = new Set<string>();
  for (const check of unchanged) {
    if (appends.some((a) => a.streamId === check.streamId)) {
      throw new InvalidAppend(`Stream ${check.streamId} is both written and checked unchanged`);
    }
    const expected = check.expectedRevision;
    if (expected !== 'no_stream' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new InvalidAppend(`Expected revision ${expected} is not a revision`);
    }
  }
  const ids = new Set<string>();
  for (const append of appends) {
    if (!append.streamId) throw new InvalidAppend('A stream id cannot be empty');
    if (seen.has(append.streamId)) {
      throw new InvalidAppend(`Stream ${append.streamId} appears twice in one append`);
    }
    seen.add(append.streamId);
    if (append.events.length === 0) {
      throw new InvalidAppend(`No events to append to ${append.streamId}`);
    }
    for (const event of append.events) {
      if (ids.has(event.id)) throw new InvalidAppend(`Event id ${event.id} appears twice`);
      ids.add(event.id);
    }
    const expected = append.expectedRevision;
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new InvalidAppend(`Expected revision ${expected} is not a revision`);
    }
  }
}

function expectedCode(expected: ExpectedRevision): number {
  return typeof expected === 'number' ? expected : EXPECTED_CODES[expected];
}

function toAppendResult(rows: readonly AppendedRow[], alreadyAppended: boolean): AppendResult {
  const revisions: Record<string, number> = {};
  for (const row of rows) {
    revisions[row.stream_id] = Math.max(
      revisions[row.stream_id] ?? -1,
      Number(row.stream_revision),
    );
  }
  const last = rows[rows.length - 1];
  if (!last) throw new Error('An append returned no events');
  const position = Number(last.global_position);
  return {
    revisions,
    position,
    logPosition: { commit: Number(last.transaction_id), position },
    alreadyAppended,
  };
}
