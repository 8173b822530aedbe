import type { PracticeView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../domain/domain-error';
import { DATABASE, type Database } from '../../../infra/database/database';

export const PRACTICE_NOT_FOUND = 'Practice not found.';

@Injectable()
export class PracticesRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The practice, or 404. */
  async get(practiceId: string): Promise<PracticeView> {
    const practice = await this.findById(practiceId);
    if (!practice) throw new NotFoundError(PRACTICE_NOT_FOUND);
    return practice;
  }

  async findById(practiceId: string): Promise<PracticeView | null> {
    const row = await this.database.db
      .selectFrom('rm_practices')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      practice_id: row.practice_id,
      name: row.name,
      time_zone: row.time_zone,
      registered_at: row.registered_at.toISOString(),
      position: Number(row.position),
    };
  }
}
