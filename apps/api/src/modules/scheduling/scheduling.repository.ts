import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../infra/database/database';
import type { AppointmentRow } from '../../infra/database/database.types';
import type { CalendarSettings } from './domain/calendar.events';

/** Reads of the scheduling read models. */
@Injectable()
export class SchedulingRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async calendar(calendarId: string): Promise<CalendarSettings | null> {
    const row = await this.database.db
      .selectFrom('rm_calendars')
      .select('settings')
      .where('calendar_id', '=', calendarId)
      .executeTakeFirst();
    return row ? (row.settings as CalendarSettings) : null;
  }

  /** Free places of the touched slots in [from, to): untouched slots have full capacity. */
  async slotCapacity(calendarId: string, from: Date, to: Date): Promise<Map<string, number>> {
    const rows = await this.database.db
      .selectFrom('rm_slot_capacity')
      .select(['start_at', 'capacity', 'holds', 'bookings'])
      .where('calendar_id', '=', calendarId)
      .where('start_at', '>=', from)
      .where('start_at', '<', to)
      .execute();
    return new Map(
      rows.map((r) => [
        r.start_at.toISOString().replace('.000Z', 'Z'),
        Math.max(0, r.capacity - r.holds - r.bookings),
      ]),
    );
  }

  appointment(appointmentId: string): Promise<AppointmentRow | undefined> {
    return this.database.db
      .selectFrom('rm_appointments')
      .selectAll()
      .where('appointment_id', '=', appointmentId)
      .executeTakeFirst();
  }

  dueHolds(now: Date, limit = 100) {
    return this.database.db
      .selectFrom('rm_slot_holds')
      .select(['hold_id', 'calendar_id', 'start_at'])
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }
}
