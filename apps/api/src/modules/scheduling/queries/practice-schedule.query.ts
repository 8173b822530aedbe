import {
  type AppointmentStatus,
  hoursSpanned,
  SCHEDULE_WEEK_DAYS,
  type ScheduleAppointmentDetail,
  type ScheduleCalendar,
  type ScheduleColumn,
  type ScheduleQuery,
  type ScheduleSlot,
  type ScheduleView,
  slotId,
} from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { NotFoundError } from '../../../domain/domain-error';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { APPOINTMENT_NOT_FOUND } from '../domain/appointment.decider';
import { CALENDAR_NOT_FOUND } from '../domain/calendar.decider';
import { type CompleteCalendarSettings, withCalendarDefaults } from '../domain/calendar.events';
import { scheduledSlots } from '../domain/slot-schedule';
import { AppointmentExtrasQuery } from './appointment-extras.query';
import {
  iso,
  ScheduleRepository,
  type ScheduleAppointmentRow,
  type SlotCountsRow,
} from '../schedule.repository';

const DAY_MS = 86_400_000;

/**
 * The schedule grid (issue 18, part 2): a practice's day with a column per calendar, or one
 * calendar's week with a column per day; each column the day's appointments that hold a place and
 * every scheduled slot with the places it has left. Staff see the whole day, so nothing here hides
 * slots the way the patients' week does (minutes before showing, online booking off).
 */
@Injectable()
export class PracticeScheduleQuery {
  constructor(
    private readonly repository: ScheduleRepository,
    private readonly extras: AppointmentExtrasQuery,
    private readonly policy: AccessPolicy,
  ) {}

  async schedule(
    caller: Principal,
    practiceId: string,
    query: ScheduleQuery,
  ): Promise<ScheduleView> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const owned = await this.repository.calendars(practiceId);
    const settings = owned.map((c) => withCalendarDefaults(c.settings));
    const calendars = owned.map((c, index) => calendarOf(settings[index]!, c.owner_name));
    // Every calendar heads the picker; the columns are the one asked for, or all of the day's.
    const shown = calendars.flatMap((calendar, index) =>
      !query.calendar_id || calendar.calendar_id === query.calendar_id ? [index] : [],
    );
    if (query.calendar_id && shown.length === 0) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const days =
      query.view === 'week'
        ? Array.from({ length: SCHEDULE_WEEK_DAYS }, (_, d) =>
            DateTime.fromISO(query.date).startOf('week').plus({ days: d }).toISODate()!,
          )
        : [query.date];
    // Local days run from UTC-12 to UTC+14: a day's margin each side holds every zone's span.
    const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS);
    const to = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 2 * DAY_MS);
    const ids = shown.map((index) => calendars[index]!.calendar_id);
    const [appointments, counts] = await Promise.all([
      this.repository.appointments(ids, from, to),
      this.repository.slotCounts(ids, from, to),
    ]);
    const byCalendar = groupBy(appointments, (a) => a.calendar_id);
    const countsByCalendar = groupBy(counts, (c) => c.calendar_id);
    const columns: ScheduleColumn[] = [];
    for (const index of shown) {
      const calendar = calendars[index]!;
      for (const day of days) {
        columns.push(
          column(
            settings[index]!,
            calendar,
            day,
            byCalendar.get(calendar.calendar_id) ?? [],
            countsByCalendar.get(calendar.calendar_id) ?? [],
          ),
        );
      }
    }
    return {
      practice_id: practiceId,
      view: query.view,
      start_date: days[0]!,
      end_date: days[days.length - 1]!,
      calendars,
      columns,
    };
  }

  async appointment(
    caller: Principal,
    practiceId: string,
    appointmentId: string,
  ): Promise<ScheduleAppointmentDetail> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const detail = await this.repository.appointmentDetail(practiceId, appointmentId);
    if (!detail) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    const [extras, birthDate] = await Promise.all([
      this.extras.of(appointmentId),
      // A patient's account may lack the birth date the wizard's demographics recorded.
      detail.patient_birth_date
        ? Promise.resolve(detail.patient_birth_date)
        : this.extras.demographicBirthDate(detail.patient_id),
    ]);
    return { ...detail, patient_birth_date: birthDate, ...extras };
  }
}

function calendarOf(full: CompleteCalendarSettings, ownerName: string | null): ScheduleCalendar {
  // The grid spans every span of the weekly hours (split shifts may reach past the single hours).
  const { first_hour, last_hour } = hoursSpanned(full.weekly_hours);
  return {
    calendar_id: full.calendar_id,
    name: full.name,
    provider_id: full.provider_id,
    resource_id: full.resource_id,
    owner_name: ownerName ?? full.name,
    visit_type: full.visit_type,
    time_zone: full.time_zone,
    time_step: full.time_step,
    first_hour,
    last_hour,
  };
}

function column(
  settings: CompleteCalendarSettings,
  calendar: ScheduleCalendar,
  day: string,
  appointments: readonly ScheduleAppointmentRow[],
  counts: readonly SlotCountsRow[],
): ScheduleColumn {
  const zone = calendar.time_zone;
  const start = DateTime.fromISO(day, { zone }).startOf('day');
  const fromMs = start.toMillis();
  const toMs = start.plus({ days: 1 }).toMillis();
  const inDay = (at: Date) => at.getTime() >= fromMs && at.getTime() < toMs;
  const touched = new Map(
    counts.filter((c) => inDay(c.start_at)).map((c) => [slotId(c.start_at), c]),
  );
  const capacity = settings.booking_capacity;
  const slots: ScheduleSlot[] = scheduledSlots(settings, day, 1).map((slot) => {
    const row = touched.get(slot.start);
    const left = row ? Math.max(0, row.capacity - row.holds - row.bookings) : capacity;
    return {
      start_date: slot.start,
      end_date: slot.end,
      booking_capacity: left,
      capacity: row?.capacity ?? capacity,
    };
  });
  return {
    calendar_id: calendar.calendar_id,
    day,
    slots,
    appointments: appointments
      .filter((a) => inDay(a.start_date))
      .map((a) => ({
        appointment_id: a.appointment_id,
        patient_id: a.patient_id,
        patient_name: a.patient_name,
        visit_type: a.visit_type,
        visit_schedule_type: a.visit_schedule_type,
        status: a.status as AppointmentStatus,
        start_date: iso(a.start_date),
        end_date: iso(a.end_date),
        reason: a.reason,
        outside_schedule: a.outside_schedule,
      })),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
