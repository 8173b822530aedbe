import { type EventStore, type LogPosition, WrongExpectedRevision } from '@medbook/event-store';
import type { Sql } from 'postgres';
import { metadataOf } from '../../../infra/event-sourcing/metadata';
import { systemContext } from '../../../infra/http/request-context';
import { LOG_SEALED, type LogSealed, SEALS_STREAM } from './audit-log.events';
import { newId } from '../../../infra/event-sourcing/event-ids';

/** What the first event of a stream, and the first seal, chain to. */
export const CHAIN_START = Buffer.alloc(32);

/** At most this many events per seal: its digest is one string_agg of their 32-byte hashes. */
export const SEAL_MAX_EVENTS = 100_000;

const SYSTEM = systemContext('audit-seal');

interface RangeRow {
  events: string;
  others: string;
  streams: string;
  digest: Buffer;
  last_commit: string | null;
  last_position: string | null;
}

/**
 * Seals the log: each seal covers the events after the previous seal's end, in commit order, up
 * to the last one readable (older than every running transaction, as readAll reads: a late commit
 * lands after the seal's end, never inside a sealed range), and records sha256 of the previous
 * seal's digest and the range's event hashes. So each seal vouches for the whole log before it,
 * at the cost of the events since the last one. The heads of the streams it covers go to
 * es_sealed_heads, which names a deleted stream or tail. A seal is written only when the log
 * advanced beyond seals; two leaders for a moment cannot fork the seals (expected revision).
 */
export class LogSealer {
  constructor(
    private readonly sql: Sql,
    private readonly store: EventStore,
  ) {}

  /** Seals everything readable; answers how many events the new seals cover. */
  async sealAll(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const events = await this.sealOnce();
      sealed += events;
      if (events < SEAL_MAX_EVENTS) return sealed;
    }
  }

  private async sealOnce(): Promise<number> {
    const [last] = await this.store.readStream(SEALS_STREAM, {
      direction: 'backwards',
      maxCount: 1,
    });
    const previous = last ? (last.data as LogSealed['data']) : null;
    const after: LogPosition = previous?.through ?? { commit: 0, position: 0 };
    const previousDigest = previous ? Buffer.from(previous.digest, 'hex') : CHAIN_START;
    const [range] = await this.sql<RangeRow[]>`
      WITH range AS MATERIALIZED (
        SELECT transaction_id, global_position, stream_id, stream_revision, hash FROM es_events
         WHERE (transaction_id, global_position) > (${String(after.commit)}::xid8, ${after.position})
           AND transaction_id < (SELECT es_read_horizon())
         ORDER BY transaction_id, global_position
         LIMIT ${SEAL_MAX_EVENTS}
      ), heads AS (
        INSERT INTO es_sealed_heads (stream_id, revision, global_position, hash)
        SELECT DISTINCT ON (stream_id) stream_id, stream_revision, global_position, hash
          FROM range ORDER BY stream_id, stream_revision DESC
            ON CONFLICT (stream_id) DO UPDATE
           SET revision = excluded.revision, global_position = excluded.global_position,
               hash = excluded.hash
         WHERE es_sealed_heads.revision < excluded.revision
        RETURNING stream_id
      ), last AS (
        SELECT transaction_id, global_position FROM range
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1
      )
      SELECT count(*) AS events,
             count(*) FILTER (WHERE stream_id <> ${SEALS_STREAM}) AS others,
             count(DISTINCT stream_id) AS streams,
             -- Ordered in the aggregate, not by the range's order: an aggregate's input may be
             -- sorted for another one (PostgreSQL 16+ presorts for count(DISTINCT ...)).
             sha256(${previousDigest}::bytea || coalesce(
               string_agg(hash, ''::bytea ORDER BY transaction_id, global_position), ''::bytea)
             ) AS digest,
             (SELECT transaction_id::text FROM last) AS last_commit,
             (SELECT global_position::text FROM last) AS last_position,
             (SELECT count(*) FROM heads) AS heads_moved
        FROM range`;
    if (!range || Number(range.others) === 0) return 0;
    const events = Number(range.events);
    const seal: LogSealed = {
      type: LOG_SEALED,
      data: {
        after,
        through: { commit: Number(range.last_commit), position: Number(range.last_position) },
        events,
        total_events: (previous?.total_events ?? 0) + events,
        streams: Number(range.streams),
        digest: range.digest.toString('hex'),
      },
    };
    try {
      await this.store.appendToStream(
        SEALS_STREAM,
        [{ id: newId(), ...seal, metadata: metadataOf(SYSTEM, null) }],
        last ? last.streamRevision : 'no_stream',
      );
    } catch (error) {
      // Another leader sealed meanwhile (a leadership hand-over): its seal stands.
      if (error instanceof WrongExpectedRevision) return 0;
      throw error;
    }
    return events;
  }
}
