import { CALLED_OFF_STATUSES, type ScheduleAppointmentDetail, slotId } from '@medbook/contracts';
import type { AppointmentExtras } from './queries/appointment-extras.query';
import { Inject, Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';
import type { AppointmentsTable } from '../../infra/database/database.types';
import type { CalendarSettings } from './domain/calendar.events';

/** A practice's calendar with the name of whom (or what) it books. */
export interface OwnedCalendar {
  readonly settings: CalendarSettings;
  readonly owner_name: string | null;
}

export interface ScheduleAppointmentRow {
  readonly appointment_id: string;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly patient_name: string | null;
  readonly visit_type: string;
  readonly visit_schedule_type: string;
  readonly status: string;
  readonly start_date: Date;
  readonly end_date: Date;
  readonly reason: string | null;
  readonly outside_schedule: boolean;
}

export interface SlotCountsRow {
  readonly calendar_id: string;
  readonly start_at: Date;
  readonly capacity: number;
  readonly holds: number;
  readonly bookings: number;
}

type DetailRow = Selectable<AppointmentsTable> & {
  patient_name: string | null;
  patient_phone: string | null;
  patient_email: string | null;
  patient_birth_date: string | null;
  relationship: string | null;
  booked_by_name: string | null;
  owner_name: string | null;
  calendar_name: string | null;
};

const OWNER_NAME = sql<string | null>`coalesce(
  provider.first_name || ' ' || provider.last_name, resource.name, provider_entry.name)`;

/** Reads of the schedule grid: calendars, the appointments and slot counts of a span of time. */
@Injectable()
export class ScheduleRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The practice's calendars, by owner and name. */
  async calendars(practiceId: string): Promise<OwnedCalendar[]> {
    const { rows } = await sql<{ settings: CalendarSettings; owner_name: string | null }>`
      SELECT c.settings, ${OWNER_NAME} AS owner_name
        FROM rm_calendars c
        LEFT JOIN rm_users provider ON provider.user_id = c.provider_id
        LEFT JOIN rm_directory_entries provider_entry
               ON provider_entry.kind = 'provider' AND provider_entry.id = c.provider_id
        LEFT JOIN rm_directory_entries resource
               ON resource.kind = 'resource' AND resource.id = c.resource_id
       WHERE c.practice_id = ${practiceId}
       ORDER BY owner_name NULLS LAST, c.name, c.calendar_id
       LIMIT 200`.execute(this.database.db);
    return rows;
  }

  /** Appointments that hold a place, of these calendars, starting in [from, to). */
  async appointments(
    calendarIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<ScheduleAppointmentRow[]> {
    if (calendarIds.length === 0) return [];
    const { rows } = await sql<ScheduleAppointmentRow>`
      SELECT a.appointment_id, a.calendar_id, a.patient_id, a.visit_type, a.visit_schedule_type,
             a.status, a.start_date, a.end_date, a.reason, a.outside_schedule,
             coalesce(patient.first_name || ' ' || patient.last_name,
                      member.first_name || ' ' || member.last_name) AS patient_name
        FROM rm_appointments a
        LEFT JOIN rm_users patient ON patient.user_id = a.patient_id
        LEFT JOIN rm_family_members member ON member.member_id = a.patient_id
       WHERE a.calendar_id = ANY(${[...calendarIds]}::uuid[])
         AND a.start_date >= ${from} AND a.start_date < ${to}
         AND a.status <> ALL(${[...CALLED_OFF_STATUSES]}::text[])
       ORDER BY a.start_date, a.appointment_id`.execute(this.database.db);
    return rows;
  }

  /** Slots of these calendars in [from, to) that a hold or booking has touched. */
  slotCounts(calendarIds: readonly string[], from: Date, to: Date): Promise<SlotCountsRow[]> {
    if (calendarIds.length === 0) return Promise.resolve([]);
    return this.database.db
      .selectFrom('rm_slot_capacity')
      .select(['calendar_id', 'start_at', 'capacity', 'holds', 'bookings'])
      .where('calendar_id', 'in', [...calendarIds])
      .where('start_at', '>=', from)
      .where('start_at', '<', to)
      .execute();
  }

  /** One appointment of the practice with its patient's contact details; undefined when none. */
  async appointmentDetail(
    practiceId: string,
    appointmentId: string,
  ): Promise<Omit<ScheduleAppointmentDetail, keyof AppointmentExtras> | undefined> {
    const { rows } = await sql<DetailRow>`
      SELECT a.*, c.name AS calendar_name, ${OWNER_NAME} AS owner_name,
             coalesce(patient.first_name || ' ' || patient.last_name,
                      member.first_name || ' ' || member.last_name) AS patient_name,
             coalesce(patient.mobile_number, holder.mobile_number) AS patient_phone,
             coalesce(patient.email, holder.email) AS patient_email,
             coalesce(patient.birth_date, member.birth_date) AS patient_birth_date,
             member.relationship,
             booker.first_name || ' ' || booker.last_name AS booked_by_name
        FROM rm_appointments a
        LEFT JOIN rm_calendars c ON c.calendar_id = a.calendar_id
        LEFT JOIN rm_users patient ON patient.user_id = a.patient_id
        LEFT JOIN rm_family_members member ON member.member_id = a.patient_id
        LEFT JOIN rm_users holder ON holder.user_id = member.patient_id
        LEFT JOIN rm_users booker ON booker.user_id = a.booked_by
        LEFT JOIN rm_users provider ON provider.user_id = a.provider_id
        LEFT JOIN rm_directory_entries provider_entry
               ON provider_entry.kind = 'provider' AND provider_entry.id = a.provider_id
        LEFT JOIN rm_directory_entries resource
               ON resource.kind = 'resource' AND resource.id = a.resource_id
       WHERE a.appointment_id = ${appointmentId} AND a.practice_id = ${practiceId}`.execute(
      this.database.db,
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      appointment_id: row.appointment_id,
      calendar_id: row.calendar_id,
      calendar_name: row.calendar_name ?? '',
      provider_id: row.provider_id,
      resource_id: row.resource_id,
      owner_name: row.owner_name,
      time_zone: row.time_zone,
      patient_id: row.patient_id,
      patient_name: row.patient_name,
      patient_phone: row.patient_phone,
      patient_email: row.patient_email,
      patient_birth_date: calendarDay(row.patient_birth_date),
      relationship: row.relationship,
      visit_type: row.visit_type,
      visit_schedule_type: row.visit_schedule_type,
      status: row.status as ScheduleAppointmentDetail['status'],
      start_date: iso(row.start_date),
      end_date: iso(row.end_date),
      reason: row.reason,
      outside_schedule: row.outside_schedule,
      booked_by: row.booked_by,
      booked_by_name: row.booked_by_name,
      created_on: iso(row.created_on),
      updated_at: iso(row.updated_at),
      cancel_reason: row.cancel_reason,
      rejected_by: row.rejected_by,
    };
  }
}

/** Instants as slot ids write them: UTC, no milliseconds when there are none. */
export const iso = (value: unknown): string =>
  slotId(value instanceof Date ? value : new Date(String(value)));

/** A birth date column (text, YYYY-MM-DD). */
const calendarDay = (value: string | null): string | null => value?.slice(0, 10) ?? null;
