import type { LogPosition } from '@medbook/event-store';
import type { Sql } from 'postgres';
import type { LogProblem, LogSealed } from './audit-log.events';
import { CHAIN_START } from './log-sealer';
import { SEALS_STREAM } from './audit-log.events';

/** Problems kept in full (the count goes on); the report names the first in log order. */
const KEPT_PROBLEMS = 1000;
/** Positions per chunk, and connections checking chunks at once. */
const CHUNK_POSITIONS = 50_000;
const WORKERS = 2;
const SEALS_PER_BATCH = 500;

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
      await planForChunks(sql);
      const [{ total } = { total: '0' }] = await sql<{ total: string }[]>`
        SELECT count(*) AS total FROM es_events`;
      const { events, streams } = await this.checkChains(sql, (checked) =>
        onProgress?.({ checked, total: Number(total) }),
      );
      const seals = await this.checkSeals(sql);
      await sql`SET LOCAL enable_seqscan = on`;
      await this.checkHeads(sql);
      const sealedThrough = seals.at(-1)?.data.through ?? null;
      // The seals vouch for every sealed event; the sealed heads only name what they miss.
      if (sealedThrough && this.sealProblems.length > 0) {
        await this.checkSealedHeads(sql, sealedThrough);
      }
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
      this.missing(event.stream_id, event.gap_from, event.revision - 1, event.position);
    } else if (!event.hashed) {
      this.report(row, 'it has no hash');
    } else if (!event.linked) {
      this.report(
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
        this.missing(head.stream_id, last + 1, Number(head.revision), position);
      } else {
        this.add({
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
      this.add({
        stream_id: stream.stream_id,
        revision: Number(stream.revision),
        position: Number(stream.position),
        problem: 'the stream has no head in es_streams (a forged stream?)',
      });
    }
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
    // Pipelined on the one connection, a batch at a time.
    for (let from = 0; from < seals.length; from += SEALS_PER_BATCH) {
      const batch = seals.slice(from, from + SEALS_PER_BATCH);
      const found = await Promise.all(
        batch.map((seal, i) => sealedRange(sql, seal.data, seals[from + i - 1]?.data.digest)),
      );
      found.forEach((range, i) => {
        this.checkSeal(batch[i]!, seals[from + i - 1] ?? null, range);
      });
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

/**
 * A seal's range recomputed: its events' count and sha256(previous digest || their hashes in
 * commit order). The order is the aggregate's own (guaranteed); the inner query reads the range
 * along the commit-order index, so PostgreSQL 16+ finds it sorted already and does not sort again
 * (sorting 100,000 hashes cost four times the read).
 */
async function sealedRange(
  sql: Sql,
  seal: LogSealed['data'],
  previousDigest: string | undefined,
): Promise<{ events: string; digest: string }> {
  const [range] = await sql<{ events: string; digest: string }[]>`
    SELECT count(*)::text AS events,
           encode(sha256(decode(${previousDigest ?? '00'.repeat(32)}, 'hex') ||
                         coalesce(string_agg(hash, ''::bytea ORDER BY transaction_id, global_position),
                                  ''::bytea)), 'hex') AS digest
      FROM (SELECT transaction_id, global_position, hash FROM es_events
             WHERE (transaction_id, global_position)
                     > (${String(seal.after.commit)}::xid8, ${seal.after.position})
               AND (transaction_id, global_position)
                     <= (${String(seal.through.commit)}::xid8, ${seal.through.position})
             ORDER BY transaction_id, global_position) AS r`;
  return range!;
}

function byPosition(a: LogProblem, b: LogProblem): number {
  return (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER);
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
