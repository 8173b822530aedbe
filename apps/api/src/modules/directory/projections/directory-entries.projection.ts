import type { RecordedEvent } from '@medbook/event-store';
import type { Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import { type Columns, ignoring, insertRows } from '../../../infra/projections/bulk-rows';
import { sql } from 'kysely';
import type {
  DirectoryEntryChangeEvent,
  DirectoryEntryEvent,
} from '../domain/directory-entry.events';

/**
 * rm_directory_entries: every facility, provider, resource and visit reason, with its name and
 * details as last edited. A batch's entries go in one insert, then its edits in log order;
 * `apply` is a batch of one event.
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

interface EntryRow {
  readonly id: string;
  readonly kind: string;
  readonly practice_id: string;
  readonly name: string;
  readonly details: unknown;
  readonly registered_at: string;
  readonly position: number;
}

const COLUMNS: Columns<EntryRow> = {
  id: 'uuid',
  kind: 'text',
  practice_id: 'uuid',
  name: 'text',
  details: 'jsonb',
  registered_at: 'timestamptz',
  position: 'bigint',
};

async function insertEntries(events: readonly RecordedEvent[], trx: Transaction<DB>) {
  // An entry registered again keeps its first row (the insert does nothing on conflict).
  const entries = new Map<string, EntryRow>();
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
      details: data.details,
      registered_at: data.registered_at,
      position: recorded.globalPosition,
    });
  }
  await insertRows(
    trx,
    'rm_directory_entries',
    COLUMNS,
    [...entries.values()],
    ignoring(['kind', 'id']),
  );
  // Edits are rare: each is one update, after the registrations it follows.
  for (const recorded of events) {
    if (recorded.type !== 'DirectoryEntryChanged') continue;
    const { data } = recorded as unknown as DirectoryEntryChangeEvent;
    await sql`UPDATE rm_directory_entries
      SET name = ${data.after.name}, details = CAST(${JSON.stringify(data.after.details)}::text AS jsonb),
          position = ${recorded.globalPosition}
      WHERE kind = ${data.kind} AND id = ${data.id}::uuid`.execute(trx);
  }
}
