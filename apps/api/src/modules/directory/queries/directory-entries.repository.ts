import type { DirectoryEntryView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../../infra/database/database';
import type { DirectoryKind } from '../domain/directory-entry.events';

@Injectable()
export class DirectoryEntriesRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

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
