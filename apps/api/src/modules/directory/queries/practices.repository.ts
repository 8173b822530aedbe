import type { PracticeView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../../infra/database/database';

@Injectable()
export class PracticesRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

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
