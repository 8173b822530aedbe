import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../apps/api/src/infra/database/database.types';
import type {
  Projection,
  ProjectionContext,
} from '../../apps/api/src/infra/projections/projection';
import type { TestDatabase } from './test-database';

class Rollback extends Error {}

/**
 * Applies the events in a transaction that is rolled back, and answers the rows the projection's
 * tables then held and the messages it sent, in order: what a batched and an event-by-event
 * application are compared on.
 */
export async function projectionOutcome(
  database: TestDatabase,
  projection: Projection,
  events: readonly RecordedEvent[],
  apply: (events: readonly RecordedEvent[], context: ProjectionContext) => Promise<void>,
): Promise<{ rows: Record<string, unknown[]>; messages: unknown[] }> {
  const messages: unknown[] = [];
  let rows: Record<string, unknown[]> = {};
  await database.db
    .transaction()
    .execute(async (trx: Transaction<DB>) => {
      await apply(events, {
        trx,
        publish: (room, event, message) => messages.push({ room, event, message }),
      });
      for (const table of projection.tables) {
        const { rows: found } = await sql<
          Record<string, unknown>
        >`SELECT * FROM ${sql.table(table)} AS t ORDER BY t::text`.execute(trx);
        rows = { ...rows, [table]: found };
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return { rows, messages };
}

/**
 * Ways to cut a log into batches, each as the index after each batch's last event: the whole
 * log, every 1, 2, 3, 5 and 7 events, and after each event `cutAfter` picks.
 */
export function batchings(
  events: readonly RecordedEvent[],
  cutAfter: (event: RecordedEvent) => boolean,
): [label: string, ends: number[]][] {
  const cuts = events.flatMap((event, i) => (cutAfter(event) ? [i + 1] : []));
  return [
    ...[events.length, 1, 2, 3, 5, 7].map((size): [string, number[]] => [
      `every ${size}`,
      Array.from({ length: Math.ceil(events.length / size) }, (_, i) =>
        Math.min(events.length, (i + 1) * size),
      ),
    ]),
    ['cut after chosen events', [...cuts, events.length]],
  ];
}

/** The projection's applyAll over the log cut at `ends`. */
export async function applyInBatches(
  projection: Projection,
  events: readonly RecordedEvent[],
  ends: readonly number[],
  context: ProjectionContext,
): Promise<void> {
  let from = 0;
  for (const end of ends) {
    await projection.applyAll!(events.slice(from, end), context);
    from = end;
  }
}
