import type { RecordedEvent } from '@medbook/event-store';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import {
  type Projection,
  type ProjectionContext,
  statementChunks,
} from '../../../infra/projections/projection';
import type { DirectoryEntryEvent } from '../domain/directory-entry.events';

/**
 * rm_directory_entries: every facility, provider, resource and visit reason. A batch's entries
 * go in multi-row inserts; `apply` is a batch of one event.
 */
export const directoryEntriesProjection: Projection = {
  name: 'directory',
  tables: ['rm_directory_entries'],
  apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    return insertEntries([recorded], trx);
  },
  applyAll(events: readonly RecordedEvent[], { trx }: ProjectionContext): Promise<void> {
    return insertEntries(events, trx);
  },
};

async function insertEntries(events: readonly RecordedEvent[], trx: Transaction<DB>) {
  // An entry registered again keeps its first row (the insert does nothing on conflict).
  const entries = new Map<string, Insertable<DB['rm_directory_entries']>>();
  for (const recorded of events) {
    if (recorded.type !== 'DirectoryEntryRegistered') continue;
    const { data } = recorded as unknown as DirectoryEntryEvent;
    const key = `${data.kind}|${data.id}`;
    if (entries.has(key)) continue;
    entries.set(key, {
      id: data.id,
      kind: data.kind,
      practice_id: data.practice_id,
      name: data.name,
      details: sql<string>`${data.details}::jsonb`,
      registered_at: data.registered_at,
      position: recorded.globalPosition,
    });
  }
  for (const rows of statementChunks([...entries.values()])) {
    await trx
      .insertInto('rm_directory_entries')
      .values(rows)
      .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
      .execute();
  }
}
