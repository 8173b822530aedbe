import type { LogPosition } from '@medbook/event-store';
import type { Sql } from 'postgres';
import { CHAIN_START, chainStep, eventDigest, type HashedColumns } from './event-hash';
import type { LogProblem, LogSealed } from './audit-log.events';
import { SEALS_STREAM } from './audit-log.events';

/** Problems kept in full (the count goes on); the report names the first in log order. */
const KEPT_PROBLEMS = 1000;
const CURSOR_ROWS = 5000;
const SEALS_PER_QUERY = 500;

export interface VerificationProgress {
  readonly checked: number;
  readonly total: number;
}

export interface VerificationReport {
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly events: number;
  readonly streams: number;
  readonly seals: number;
  readonly sealedThrough: LogPosition | null;
  /**
   * The events' own problems by position (those without one last), then the seals' (a seal's
   * range that does not add up is the consequence of its events' problems, or the only trace of
   * a change that kept the chains intact); at most KEPT_PROBLEMS.
   */
  readonly problems: readonly LogProblem[];
  readonly problemCount: number;
}

interface EventRow extends HashedColumns {
  hash: Buffer | null;
  head: string | null;
}

interface SealRow {
  stream_revision: string;
  global_position: string;
  data: LogSealed['data'];
}

/**
 * Checks the whole log in one snapshot (a read-only REPEATABLE READ transaction, so the passes
 * agree with each other while appends go on): every stream's chain, event by event, recomputed in
 * this process; each stream's head; every seal's digest over its range; the sealed heads.
 */
export class LogVerifier {
  private readonly problems: LogProblem[] = [];
  /** A seal's range that does not add up: named after the events' own problems, if any. */
  private readonly sealProblems: LogProblem[] = [];
  private problemCount = 0;

  constructor(private readonly sql: Sql) {}

  async verify(onProgress?: (progress: VerificationProgress) => void): Promise<VerificationReport> {
    const startedAt = new Date();
    return this.sql.begin('isolation level repeatable read read only', async (tx) => {
      const sql = tx as unknown as Sql;
      const [{ total } = { total: '0' }] = await sql<{ total: string }[]>`
        SELECT count(*) AS total FROM es_events`;
      const { events, streams } = await this.checkChains(sql, (checked) =>
        onProgress?.({ checked, total: Number(total) }),
      );
      await this.checkHeadsWithoutEvents(sql);
      const seals = await this.checkSeals(sql);
      const sealedThrough = seals.at(-1)?.data.through ?? null;
      if (sealedThrough) await this.checkSealedHeads(sql, sealedThrough);
      return {
        startedAt,
        finishedAt: new Date(),
        events,
        streams,
        seals: seals.length,
        sealedThrough,
        problems: [...this.problems.sort(byPosition), ...this.sealProblems].slice(0, KEPT_PROBLEMS),
        problemCount: this.problemCount,
      };
    });
  }

  /** Every event in stream order: its hash against its recomputation and its predecessor. */
  private async checkChains(
    sql: Sql,
    onProgress: (checked: number) => void,
  ): Promise<{ events: number; streams: number }> {
    let events = 0;
    let streams = 0;
    let current: EventRow | null = null;
    const cursor = sql<EventRow[]>`
      SELECT e.global_position::text, e.transaction_id::text, e.stream_id,
             e.stream_revision::text, e.event_id::text, e.event_type, e.data::text,
             e.metadata::text, ((extract(epoch FROM e.recorded_at) * 1000000)::bigint)::text
               AS recorded_us,
             e.hash, s.revision::text AS head
        FROM es_events e LEFT JOIN es_streams s ON s.stream_id = e.stream_id
       ORDER BY e.stream_id, e.stream_revision`.cursor(CURSOR_ROWS);
    for await (const rows of cursor) {
      for (const row of rows) {
        const sameStream = current?.stream_id === row.stream_id;
        if (!sameStream) {
          if (current) this.checkStreamEnd(current);
          streams += 1;
        }
        this.checkEvent(row, sameStream ? current : null);
        current = row;
      }
      events += rows.length;
      onProgress(events);
    }
    if (current) this.checkStreamEnd(current);
    return { events, streams };
  }

  private checkEvent(row: EventRow, previous: EventRow | null): void {
    const revision = Number(row.stream_revision);
    const expected = previous ? Number(previous.stream_revision) + 1 : 0;
    if (revision > expected) {
      this.missing(row.stream_id, expected, revision - 1, Number(row.global_position));
    }
    if (!row.hash) {
      this.report(row, 'it has no hash');
      return;
    }
    // After a gap the predecessor is gone: the event is checked against its own content only
    // through the next one (which chains to its stored hash).
    if (revision !== expected) return;
    const linked = chainStep(previous?.hash ?? CHAIN_START, eventDigest(row));
    if (linked.equals(row.hash)) return;
    this.report(
      row,
      previous
        ? `its hash does not match its content and the hash of revision ${revision - 1} (this event or revision ${revision - 1} was changed)`
        : 'its content does not match its hash',
    );
  }

  /** The last event of a stream against the stream's head in es_streams. */
  private checkStreamEnd(last: EventRow): void {
    const revision = Number(last.stream_revision);
    if (last.head === null) {
      this.report(last, 'the stream has no head in es_streams (a forged stream?)');
    } else if (Number(last.head) > revision) {
      this.missing(last.stream_id, revision + 1, Number(last.head), Number(last.global_position));
    } else if (Number(last.head) < revision) {
      this.report(last, `the stream's head in es_streams is revision ${last.head}`);
    }
  }

  /** Streams whose head is in es_streams but whose events are all gone. */
  private async checkHeadsWithoutEvents(sql: Sql): Promise<void> {
    const rows = await sql<{ stream_id: string; revision: string }[]>`
      SELECT s.stream_id, s.revision::text FROM es_streams s
       WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = s.stream_id)
       ORDER BY s.stream_id LIMIT ${KEPT_PROBLEMS}`;
    for (const row of rows) this.missing(row.stream_id, 0, Number(row.revision), null);
  }

  /**
   * Every seal: it starts where the previous one ended, and its range has the events it counted
   * with the digest it recorded (computed from the previous seal's recorded digest, so each seal
   * is checked on its own and the first broken one is named).
   */
  private async checkSeals(sql: Sql): Promise<SealRow[]> {
    const seals = await sql<SealRow[]>`
      SELECT stream_revision::text, global_position::text, data FROM es_events
       WHERE stream_id = ${SEALS_STREAM} AND event_type = 'LogSealed'
       ORDER BY stream_revision`;
    for (let from = 0; from < seals.length; from += SEALS_PER_QUERY) {
      const batch = seals.slice(from, from + SEALS_PER_QUERY);
      const ranges = await sql<{ idx: string; events: string; digest: string }[]>`
        SELECT r.idx::text, count(e.global_position)::text AS events,
               encode(sha256(decode(r.previous, 'hex') || coalesce(string_agg(e.hash, ''::bytea
                 ORDER BY e.transaction_id, e.global_position), ''::bytea)), 'hex') AS digest
          FROM unnest(${batch.map((s) => String(s.data.after.commit))}::xid8[],
                      ${batch.map((s) => s.data.after.position)}::bigint[],
                      ${batch.map((s) => String(s.data.through.commit))}::xid8[],
                      ${batch.map((s) => s.data.through.position)}::bigint[],
                      ${batch.map((_, i) => previousDigest(seals, from + i))}::text[])
                 WITH ORDINALITY AS r(after_commit, after_position, through_commit,
                                      through_position, previous, idx)
          LEFT JOIN es_events e
            ON (e.transaction_id, e.global_position) > (r.after_commit, r.after_position)
           AND (e.transaction_id, e.global_position) <= (r.through_commit, r.through_position)
         GROUP BY r.idx, r.previous`;
      for (const range of ranges) {
        const index = from + Number(range.idx) - 1;
        this.checkSeal(seals[index]!, seals[index - 1] ?? null, range);
      }
    }
    return seals;
  }

  private checkSeal(
    seal: SealRow,
    previous: SealRow | null,
    found: { events: string; digest: string },
  ): void {
    const report = (problem: string) => {
      this.problemCount += 1;
      this.sealProblems.push({
        stream_id: SEALS_STREAM,
        revision: Number(seal.stream_revision),
        position: Number(seal.global_position),
        problem,
      });
    };
    const expectedAfter = previous?.data.through ?? { commit: 0, position: 0 };
    const { after, events, digest } = seal.data;
    if (after.commit !== expectedAfter.commit || after.position !== expectedAfter.position) {
      report('the seal does not start where the previous seal ended');
    } else if (Number(found.events) !== events) {
      report(
        `${events} events were sealed in its range, ${found.events} are there: events were ${
          Number(found.events) < events ? 'deleted' : 'added'
        } after they were sealed`,
      );
    } else if (found.digest !== digest) {
      report('the events of its range are not the ones sealed (changed or reordered)');
    }
  }

  /** Each sealed stream head is still there with its hash; no sealed event is beyond its head. */
  private async checkSealedHeads(sql: Sql, through: LogPosition): Promise<void> {
    const gone = await sql<
      { stream_id: string; revision: string; global_position: string; missing: boolean }[]
    >`
      SELECT h.stream_id, h.revision::text, h.global_position::text, e.hash IS NULL AS missing
        FROM es_sealed_heads h
        LEFT JOIN es_events e ON e.stream_id = h.stream_id AND e.stream_revision = h.revision
       WHERE e.hash IS DISTINCT FROM h.hash
       ORDER BY h.global_position LIMIT ${KEPT_PROBLEMS}`;
    for (const head of gone) {
      this.add({
        stream_id: head.stream_id,
        revision: Number(head.revision),
        position: Number(head.global_position),
        problem: head.missing
          ? `sealed stream head missing: stream ${head.stream_id} revision ${head.revision} sealed at position ${head.global_position} is gone`
          : `its hash is not the one sealed for the stream's head`,
      });
    }
    const unsealed = await sql<
      { stream_id: string; stream_revision: string; global_position: string }[]
    >`
      SELECT e.stream_id, e.stream_revision::text, e.global_position::text
        FROM es_events e LEFT JOIN es_sealed_heads h ON h.stream_id = e.stream_id
       WHERE (e.transaction_id, e.global_position) <= (${String(through.commit)}::xid8, ${through.position})
         AND (h.revision IS NULL OR e.stream_revision > h.revision)
       ORDER BY e.global_position LIMIT ${KEPT_PROBLEMS}`;
    for (const event of unsealed) {
      this.report(
        event,
        'event not covered by its seal: it lies in a sealed range but was not sealed',
      );
    }
  }

  private missing(streamId: string, from: number, to: number, position: number | null): void {
    this.add({
      stream_id: streamId,
      revision: from,
      position,
      problem:
        from === to ? `revision ${from} is missing` : `revisions ${from} to ${to} are missing`,
    });
  }

  private report(
    row: { stream_id: string; stream_revision: string; global_position: string },
    problem: string,
  ): void {
    this.add({
      stream_id: row.stream_id,
      revision: Number(row.stream_revision),
      position: Number(row.global_position),
      problem,
    });
  }

  private add(problem: LogProblem): void {
    this.problemCount += 1;
    if (this.problems.length < KEPT_PROBLEMS) this.problems.push(problem);
  }
}

function previousDigest(seals: readonly SealRow[], index: number): string {
  return seals[index - 1]?.data.digest ?? '00'.repeat(32);
}

function byPosition(a: LogProblem, b: LogProblem): number {
  return (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER);
}
