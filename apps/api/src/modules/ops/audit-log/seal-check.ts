import type { LogPosition } from '@medbook/event-store';
import type { Sql } from 'postgres';
import type { LogSealed } from './audit-log.events';
import { SEALS_STREAM } from './audit-log.events';
import { KEPT_PROBLEMS, type LogProblems } from './log-problems';

// The seals' half of `audit:verify`: each seal against the range of the log it vouches for,
// and the stream heads sealed with it.

const SEALS_PER_BATCH = 500;

export interface SealRow {
  stream_revision: string;
  global_position: string;
  data: LogSealed['data'];
}

/**
 * Every seal: it starts where the previous one ended, and its range has the events it counted
 * with the digest it recorded (computed from the previous seal's recorded digest, so each seal
 * is checked on its own and the first broken one is named).
 */
export async function checkSeals(sql: Sql, problems: LogProblems): Promise<SealRow[]> {
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
      checkSeal(problems, batch[i]!, seals[from + i - 1] ?? null, range);
    });
  }
  return seals;
}

function checkSeal(
  problems: LogProblems,
  seal: SealRow,
  previous: SealRow | null,
  found: { events: string; digest: string },
): void {
  const report = (problem: string) => problems.seal(seal, problem);
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
export async function checkSealedHeads(
  sql: Sql,
  problems: LogProblems,
  through: LogPosition,
): Promise<void> {
  const gone = await sql<
    { stream_id: string; revision: string; global_position: string; missing: boolean }[]
  >`
    SELECT h.stream_id, h.revision::text, h.global_position::text, e.hash IS NULL AS missing
      FROM es_sealed_heads h
      LEFT JOIN es_events e ON e.stream_id = h.stream_id AND e.stream_revision = h.revision
     WHERE e.hash IS DISTINCT FROM h.hash
     ORDER BY h.global_position LIMIT ${KEPT_PROBLEMS}`;
  for (const head of gone) {
    problems.add({
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
    problems.event(
      event,
      'event not covered by its seal: it lies in a sealed range but was not sealed',
    );
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
