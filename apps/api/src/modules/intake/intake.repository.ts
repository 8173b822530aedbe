import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../infra/database/database';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';

/** The calendar settings the intake steps depend on (custom forms, eligibility). */
@Injectable()
export class IntakeRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async calendar(calendarId: string): Promise<CalendarSettings | null> {
    const row = await this.database.db
      .selectFrom('rm_calendars')
      .select('settings')
      .where('calendar_id', '=', calendarId)
      .executeTakeFirst();
    return row ? (row.settings as CalendarSettings) : null;
  }
}
