import { createHash } from 'node:crypto';

/** What the first event of a stream chains to. */
export const CHAIN_START = Buffer.alloc(32);

/** An event's stored columns as `audit:verify` reads them (jsonb as PostgreSQL's text). */
export interface HashedColumns {
  readonly global_position: string;
  readonly transaction_id: string;
  readonly stream_id: string;
  readonly stream_revision: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly data: string;
  readonly metadata: string;
  /** recorded_at as epoch microseconds. */
  readonly recorded_us: string;
}

/**
 * The bytes es_event_digest (migration 0020) hashes, rebuilt here rather than asked of the
 * database, so a replaced SQL function cannot vouch for tampered rows: json_build_array's text,
 * whose strings are escaped as JSON.stringify escapes them (PostgreSQL text holds no lone
 * surrogates, the one case where the two differ) and whose jsonb items are jsonb's own text.
 */
export function eventDigest(e: HashedColumns): Buffer {
  const text = `[${e.global_position}, ${JSON.stringify(e.transaction_id)}, ${JSON.stringify(
    e.stream_id,
  )}, ${e.stream_revision}, "${e.event_id}", ${JSON.stringify(e.event_type)}, ${e.data}, ${
    e.metadata
  }, ${e.recorded_us}]`;
  return createHash('sha256').update(text, 'utf8').digest();
}

/** One link of a stream's chain: sha256(previous hash || digest). */
export function chainStep(previous: Buffer, digest: Buffer): Buffer {
  return createHash('sha256').update(previous).update(digest).digest();
}
