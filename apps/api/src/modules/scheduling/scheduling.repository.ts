import { slotId } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
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

  /** A practice's calendars, by name (the calendar editor lists them). */
  async practiceCalendars(practiceId: string): Promise<CalendarSettings[]> {
    const rows = await this.database.db
      .selectFrom('rm_calendars')
      .select('settings')
      .where('practice_id', '=', practiceId)
      .orderBy('name')
      .orderBy('calendar_id')
      .limit(500)
      .execute();
    return rows.map((row) => row.settings as CalendarSettings);
  }

  /** Calendars of a provider or resource, optionally at one facility and of one visit type. */
  async findCalendars(query: {
    provider_id?: string;
    resource_id?: string;
    facility_id?: string;
    visit_type?: string;
  }): Promise<CalendarSettings[]> {
    let select = this.database.db.selectFrom('rm_calendars').select('settings');
    if (query.provider_id) select = select.where('provider_id', '=', query.provider_id);
    if (query.resource_id) select = select.where('resource_id', '=', query.resource_id);
    if (query.facility_id) select = select.where('facility_id', '=', query.facility_id);
    if (query.visit_type) {
      select = select.where(sql<string>`settings->>'visit_type'`, '=', query.visit_type);
    }
    const rows = await select.orderBy('name').limit(100).execute();
    return rows.map((row) => row.settings as CalendarSettings);
  }

  /** A practice's visit reason by its title: its week_time_frame, if it has one. */
  async visitReason(
    practiceId: string,
    title: string,
  ): Promise<{ week_time_frame?: number[] } | null> {
    const row = await this.database.db
      .selectFrom('rm_directory_entries')
      .select('details')
      .where('practice_id', '=', practiceId)
      .where('kind', '=', 'visit_reason')
      .where('name', '=', title)
      .executeTakeFirst();
    return row ? (row.details as { week_time_frame?: number[] }) : null;
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
      rows.map((r) => [slotId(r.start_at), Math.max(0, r.capacity - r.holds - r.bookings)]),
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
