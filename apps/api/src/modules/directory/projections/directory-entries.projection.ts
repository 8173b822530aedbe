import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { DirectoryEntryEvent } from '../domain/directory-entry.events';

/** rm_directory_entries: every facility, provider, resource and visit reason. */
export const directoryEntriesProjection: Projection = {
  name: 'directory',
  tables: ['rm_directory_entries'],
  async apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    if (recorded.type !== 'DirectoryEntryRegistered') return;
    const { data } = recorded as unknown as DirectoryEntryEvent;
    await trx
      .insertInto('rm_directory_entries')
      .values({
        id: data.id,
        kind: data.kind,
        practice_id: data.practice_id,
        name: data.name,
        details: sql<string>`${data.details}::jsonb`,
        registered_at: data.registered_at,
        position: recorded.globalPosition,
      })
      .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
      .execute();
  },
};
