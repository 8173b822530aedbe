import type { RecordedEvent } from '../event-store.port';

/** An event's row as the store selects it (EVENT_COLUMNS). */
export interface EventRow {
  global_position: string;
  commit_id: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  /** The event's JSON as text: parsed when first read (see toRecordedEvent). */
  data: string;
  metadata: string;
  recorded_at: Date;
}

// The writer's transaction id as text goes out under another name: an output column named
// transaction_id would win over the xid8 column in ORDER BY, and text orders '1000' before '999'.
export const EVENT_COLUMNS = `global_position, transaction_id::text AS commit_id, event_id, stream_id,
  stream_revision, event_type, data::text AS data, metadata::text AS metadata, recorded_at`;

/**
 * An event as read. Its data and metadata arrive as JSON text and are parsed when first read,
 * once: a reader that skips an event by its type (a projection rebuilt alone reads the whole log
 * and handles a few types) does not pay for parsing it, which is about half the CPU of a read.
 */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  const position = Number(row.global_position);
  const event = {
    id: row.event_id,
    type: row.event_type,
    streamId: row.stream_id,
    streamRevision: Number(row.stream_revision),
    globalPosition: position,
    logPosition: { commit: Number(row.commit_id), position },
    recordedAt: row.recorded_at,
  };
  return Object.defineProperties(event, {
    data: parsedOnRead(row.data),
    metadata: parsedOnRead(row.metadata),
  }) as typeof event & Pick<RecordedEvent, 'data' | 'metadata'>;
}

/** An own, enumerable property (spread, JSON and equality see it) that parses its JSON once. */
function parsedOnRead(json: string): PropertyDescriptor {
  let value: unknown;
  let parsed = false;
  return {
    enumerable: true,
    get() {
      if (!parsed) {
        value = JSON.parse(json);
        parsed = true;
      }
      return value;
    },
  };
}
