import type { LogPosition } from '@medbook/event-store';
import type { Sql } from 'postgres';
import type { LogProblem } from './audit-log.events';
import { KEPT_PROBLEMS, LogProblems } from './log-problems';
import { CHAIN_START } from './log-sealer';
import { checkSealedHeads, checkSeals } from './seal-check';

/** Positions per chunk, and connections checking chunks at once. */
const CHUNK_POSITIONS = 50_000;
const WORKERS = 2;

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

/** An event that failed a check, as PostgreSQL describes it. */
interface BadEvent {
  readonly stream_id: string;
  readonly revision: number;
  readonly position: number;
  readonly hashed: boolean;
  readonly linked: boolean;
  /** When its predecessor is missing: the first missing revision. */
  readonly gap_from: number | null;
}

/**
 * Checks the whole log in one snapshot (a read-only REPEATABLE READ transaction, so the passes
 * agree with each other while appends go on): every stream's chain, event by event, recomputed by
 * PostgreSQL in ranges of positions; each stream's head; then the seals (seal-check.ts).
 */
export class LogVerifier {
  private readonly problems = new LogProblems();

  constructor(private readonly sql: Sql) {}

  async verify(onProgress?: (progress: VerificationProgress) => void): Promise<VerificationReport> {
    const startedAt = new Date();
    return this.sql.begin('isolation level repeatable read read only', async (tx) => {
      const sql = tx as unknown as Sql;
      await planForChunks(sql);
      const [{ total } = { total: '0' }] = await sql<{ total: string }[]>`
        SELECT count(*) AS total FROM es_events`;
      const { events, streams } = await this.checkChains(sql, (checked) =>
        onProgress?.({ checked, total: Number(total) }),
      );
      const seals = await checkSeals(sql, this.problems);
      await sql`SET LOCAL enable_seqscan = on`;
      await this.checkHeads(sql);
      const sealedThrough = seals.at(-1)?.data.through ?? null;
      // The seals vouch for every sealed event; the sealed heads only name what they miss.
      if (sealedThrough && this.problems.sealsFailed) {
        await checkSealedHeads(sql, this.problems, sealedThrough);
      }
      return {
        startedAt,
        finishedAt: new Date(),
        events,
        streams,
        seals: seals.length,
        sealedThrough,
        problems: this.problems.list(),
        problemCount: this.problems.count,
      };
    });
  }

  /**
   * Every event, in ranges of positions shared out to WORKERS connections that read the same
   * snapshot: its hash recomputed from its content and its predecessor's hash, its predecessor
   * there. PostgreSQL answers only the events that fail.
   */
  private async checkChains(
    sql: Sql,
    onProgress: (checked: number) => void,
  ): Promise<{ events: number; streams: number }> {
    const [range] = await sql<{ last: string | null; streams: string; snapshot: string }[]>`
      SELECT max(global_position)::text AS last, (SELECT count(*) FROM es_streams) AS streams,
             pg_export_snapshot() AS snapshot
        FROM es_events`;
    const last = Number(range?.last ?? 0);
    let next = 0;
    let events = 0;
    const work = async (tx: Sql) => {
      for (let from = next; from < last; from = next) {
        next = from + CHUNK_POSITIONS;
        const [chunk] = await chunkQuery(tx, from, next);
        for (const bad of chunk?.bad ?? []) this.checkEvent(bad);
        events += Number(chunk?.n ?? 0);
        onProgress(events);
      }
    };
    await Promise.all([
      work(sql),
      ...Array.from({ length: WORKERS - 1 }, () =>
        this.sql.begin('isolation level repeatable read read only', async (tx) => {
          await tx.unsafe(`SET TRANSACTION SNAPSHOT '${range!.snapshot}'`);
          await planForChunks(tx as unknown as Sql);
          await work(tx as unknown as Sql);
        }),
      ),
    ]);
    return { events, streams: Number(range?.streams ?? 0) };
  }

  private checkEvent(event: BadEvent): void {
    const row = {
      stream_id: event.stream_id,
      stream_revision: String(event.revision),
      global_position: String(event.position),
    };
    if (event.gap_from !== null) {
      this.problems.missing(event.stream_id, event.gap_from, event.revision - 1, event.position);
    } else if (!event.hashed) {
      this.problems.event(row, 'it has no hash');
    } else if (!event.linked) {
      this.problems.event(
        row,
        event.revision > 0
          ? `its hash does not match its content and the hash of revision ${event.revision - 1} (this event or revision ${event.revision - 1} was changed)`
          : 'its content does not match its hash',
      );
    }
  }

  /**
   * Each stream's head in es_streams against its last event (a deleted tail, every event deleted,
   * events beyond the head), and events of a stream es_streams does not know (forged).
   */
  private async checkHeads(sql: Sql): Promise<void> {
    const heads = await sql<
      { stream_id: string; revision: string; last: string | null; position: string | null }[]
    >`
      SELECT s.stream_id, s.revision::text, m.stream_revision::text AS last,
             m.global_position::text AS position
        FROM es_streams s
        LEFT JOIN LATERAL (
          SELECT stream_revision, global_position FROM es_events e
           WHERE e.stream_id = s.stream_id ORDER BY stream_revision DESC LIMIT 1) m ON true
       WHERE m.stream_revision IS DISTINCT FROM s.revision
       ORDER BY m.global_position LIMIT ${KEPT_PROBLEMS}`;
    for (const head of heads) {
      const position = head.position === null ? null : Number(head.position);
      const last = head.last === null ? -1 : Number(head.last);
      if (last < Number(head.revision)) {
        this.problems.missing(head.stream_id, last + 1, Number(head.revision), position);
      } else {
        this.problems.add({
          stream_id: head.stream_id,
          revision: last,
          position,
          problem: `the stream's head in es_streams is revision ${head.revision}`,
        });
      }
    }
    const unknown = await sql<{ stream_id: string; revision: string; position: string }[]>`
      SELECT e.stream_id, min(e.stream_revision)::text AS revision,
             min(e.global_position)::text AS position
        FROM es_events e
       WHERE NOT EXISTS (SELECT 1 FROM es_streams s WHERE s.stream_id = e.stream_id)
       GROUP BY e.stream_id ORDER BY 3 LIMIT ${KEPT_PROBLEMS}`;
    for (const stream of unknown) {
      this.problems.add({
        stream_id: stream.stream_id,
        revision: Number(stream.revision),
        position: Number(stream.position),
        problem: 'the stream has no head in es_streams (a forged stream?)',
      });
    }
  }
}

/**
 * One chunk's check. The digest is es_event_digest's (migration 0020) written out here, not that
 * function called, so a replaced function cannot vouch for tampered rows; the predecessor is
 * looked up by index, row by row, so a chunk costs its own events only.
 */
function chunkQuery(sql: Sql, from: number, to: number) {
  return sql<{ n: string; bad: BadEvent[] }[]>`
    WITH checked AS MATERIALIZED (
      SELECT e.stream_id, e.stream_revision, e.global_position, e.hash IS NOT NULL AS hashed,
             e.stream_revision > 0 AND p.hash IS NULL AS orphan,
             coalesce(e.hash = sha256(
               CASE WHEN e.stream_revision = 0 THEN ${CHAIN_START}::bytea ELSE p.hash END ||
               sha256(convert_to(json_build_array(
                 e.global_position, e.transaction_id::text, e.stream_id, e.stream_revision,
                 e.event_id, e.event_type, e.data, e.metadata,
                 (extract(epoch FROM e.recorded_at) * 1000000)::bigint)::text, 'UTF8'))), false)
               AS linked
        FROM es_events e
        LEFT JOIN LATERAL (
          SELECT p.hash FROM es_events p
           WHERE p.stream_id = e.stream_id AND p.stream_revision = e.stream_revision - 1) p ON true
       WHERE e.global_position > ${from} AND e.global_position <= ${to}
    )
    SELECT count(*) AS n, coalesce(jsonb_agg(jsonb_build_object(
             'stream_id', stream_id, 'revision', stream_revision, 'position', global_position,
             'hashed', hashed, 'linked', linked,
             'gap_from', CASE WHEN orphan THEN (
               SELECT coalesce(max(q.stream_revision), -1) + 1 FROM es_events q
                WHERE q.stream_id = checked.stream_id AND q.stream_revision < checked.stream_revision)
             END))
           FILTER (WHERE NOT hashed OR orphan OR NOT linked), '[]') AS bad
      FROM checked`;
}

/**
 * A chunk is a small slice of the log: read it by its positions' index (on a freshly loaded log
 * the planner took a full scan for each), and without JIT (it compiled each chunk's expressions
 * again, for longer than they took to run).
 */
async function planForChunks(sql: Sql): Promise<void> {
  await sql`SET LOCAL jit = off`;
  await sql`SET LOCAL enable_seqscan = off`;
}
