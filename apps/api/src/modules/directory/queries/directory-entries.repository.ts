import type { DirectoryEntryView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../domain/domain-error';
import { DATABASE, type Database } from '../../../infra/database/database';
import type { DirectoryKind } from '../domain/directory-entry.events';

/** The kinds as the routes name them. */
const KINDS: Record<string, DirectoryKind> = {
  facilities: 'facility',
  providers: 'provider',
  resources: 'resource',
  'visit-reasons': 'visit_reason',
};
const NOT_FOUND = 'This page cannot be reached.';

@Injectable()
export class DirectoryEntriesRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** A practice's entries of a kind as the route names it (`facilities`, ...), or 404. */
  listOfRoute(practiceId: string, kindPath: string): Promise<DirectoryEntryView[]> {
    const kind = KINDS[kindPath];
    if (!kind) throw new NotFoundError(NOT_FOUND);
    return this.list(practiceId, kind);
  }

  /** One entry of the practice, by the route's kind name, or 404. */
  async oneOfRoute(practiceId: string, kindPath: string, id: string): Promise<DirectoryEntryView> {
    const kind = KINDS[kindPath];
    const entry = kind ? await this.get(kind, id) : null;
    if (!entry || entry.practice_id !== practiceId) throw new NotFoundError(NOT_FOUND);
    return entry;
  }

  async list(practiceId: string, kind: DirectoryKind): Promise<DirectoryEntryView[]> {
    const rows = await this.database.db
      .selectFrom('rm_directory_entries')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .where('kind', '=', kind)
      .orderBy('name')
      .execute();
    return rows.map(view);
  }

  async get(kind: DirectoryKind, id: string): Promise<DirectoryEntryView | null> {
    const row = await this.database.db
      .selectFrom('rm_directory_entries')
      .selectAll()
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? view(row) : null;
  }
}

function view(row: {
  id: string;
  kind: string;
  practice_id: string;
  name: string;
  details: unknown;
  registered_at: Date;
}): DirectoryEntryView {
  return {
    id: row.id,
    kind: row.kind as DirectoryKind,
    practice_id: row.practice_id,
    name: row.name,
    details: row.details as Record<string, unknown>,
    registered_at: row.registered_at.toISOString(),
  };
}
