import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../apps/api/src/infra/database/database.types';
import type { Projection } from '../../apps/api/src/infra/projections/projection';

/** Table the recording projection writes; no unique key, so an event applied twice shows. */
export const RECORDING_TABLE_DDL = sql`
  CREATE TABLE IF NOT EXISTS test_applied (position bigint NOT NULL, stream_id text NOT NULL)`;

/** A projection that records every event it applies; `pause` runs inside its transaction. */
export function recordingProjection(
  name: string,
  pause?: (event: RecordedEvent, trx: Transaction<DB>) => Promise<void>,
): Projection {
  return {
    name,
    tables: [],
    async apply(event, { trx, publish }) {
      await sql`INSERT INTO test_applied (position, stream_id)
                VALUES (${event.globalPosition}, ${event.streamId})`.execute(trx);
      await pause?.(event, trx);
      publish('ops', 'projection.position', { name, position: event.globalPosition, at: 'x' });
    },
  };
}
