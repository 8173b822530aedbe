import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import {
  type CalendarEvent,
  type CalendarSettings,
  calendarStreamId,
  evolveCalendar,
} from '../../scheduling/domain/calendar.events';
import { writeTogether, rowsInsert, updating } from '../../../infra/projections/bulk-rows';
import {
  placesOffered,
  type ScheduleVersion,
  sameSchedule,
  weekOf,
  weeksFrom,
} from '../offered-places';

type Data = Record<string, unknown>;

/** The events besides the calendars' own (which are told by their stream, whatever their name). */
const FACT_EVENTS = new Set<string>([
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
  'AppointmentRescheduled',
  'SlotBooked',
  'SlotBookingCanceled',
  'WaitlistOfferMade',
  'WaitlistOfferEnded',
]);

const isCalendarEvent = (event: RecordedEvent): boolean =>
  typeof (event.data as Data).calendar_id === 'string' &&
  event.streamId === calendarStreamId((event.data as Data).calendar_id as string);

interface CalendarRow {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly time_zone: string;
  settings: CalendarSettings;
  first_week: string;
  last_week: string | null;
  /** The schedule's versions from the table, read only when weeks are to be counted. */
  stored: ScheduleVersion[] | null;
  readonly added: AddedVersion[];
  readonly weeks: Set<string>;
  changed: boolean;
}

/** A version this batch made; the facts an old event is upcast to share its position and one. */
interface AddedVersion {
  readonly position: number;
  readonly fromMs: number;
  settings: CalendarSettings;
}

interface AppointmentRow {
  readonly appointment_id: string;
  readonly calendar_id: string;
  week_start: string;
  start_date: string;
  readonly booked_at: string;
  status: string;
  canceled_at: string | null;
}

interface FreedPlace {
  readonly position: number;
  readonly calendar_id: string;
  readonly slot_start: string;
  readonly week_start: string;
  readonly freed_at: string;
  refilled_at: string | null;
}

interface OfferRow {
  readonly offer_id: string;
  readonly calendar_id: string;
  readonly week_start: string;
  status: string;
}

/** What a batch reads once, changes in memory in log order, and writes back in a few statements. */
class Batch {
  readonly calendars = new Map<string, CalendarRow>();
  readonly appointments = new Map<string, AppointmentRow>();
  readonly offers = new Map<string, OfferRow>();
  /** Places given back and not yet taken again, by slot (calendar and start instant). */
  readonly open = new Map<string, FreedPlace[]>();
  readonly changedAppointments = new Set<AppointmentRow>();
  readonly changedOffers = new Set<OfferRow>();
  readonly changedPlaces = new Set<FreedPlace>();

  apply(event: RecordedEvent): void {
    if (isCalendarEvent(event)) return this.calendarEvent(event);
    const data = event.data as Data;
    switch (event.type) {
      case 'AppointmentBooked':
        return this.booked(data);
      case 'AppointmentStatusChanged':
        return this.statusChanged(
          data.appointment_id as string,
          data.status as string,
          data.changed_at as string,
        );
      case 'AppointmentCanceled':
        return this.statusChanged(
          data.appointment_id as string,
          'Canceled',
          data.canceled_at as string,
        );
      case 'AppointmentRescheduled':
        return this.rescheduled(data);
      case 'SlotBookingCanceled':
        return this.placeFreed(event.globalPosition, data);
      case 'SlotBooked':
        return this.placeTaken(data);
      case 'WaitlistOfferMade':
        return this.offerMade(data);
      case 'WaitlistOfferEnded':
        return this.offerEnded(data);
    }
  }

  private calendarEvent(event: RecordedEvent): void {
    const data = event.data as Data;
    const id = data.calendar_id as string;
    const before = this.calendars.get(id) ?? null;
    const { settings } = evolveCalendar(
      { settings: before?.settings ?? null },
      event as unknown as CalendarEvent,
    );
    if (!settings) return;
    // Every calendar event carries the time it was decided at; the log's own time is the fallback.
    const told = data.changed_at ?? data.created_at;
    const at = typeof told === 'string' ? told : event.recordedAt.toISOString();
    const version = { position: event.globalPosition, fromMs: Date.parse(at), settings };
    if (!before) {
      this.calendars.set(id, {
        calendar_id: id,
        practice_id: settings.practice_id,
        provider_id: settings.provider_id,
        time_zone: settings.time_zone,
        settings,
        first_week: weekOf(at, settings.time_zone),
        last_week: null,
        stored: [],
        added: [version],
        weeks: new Set(),
        changed: true,
      });
      return;
    }
    const scheduleChanged = !sameSchedule(before.settings, settings);
    before.settings = settings;
    before.changed = true;
    if (!scheduleChanged) return;
    const last = before.added.at(-1);
    if (last?.position === version.position) last.settings = settings;
    else before.added.push(version);
    // The weeks from the change's on count again: slots before it keep the settings they had.
    if (before.last_week) {
      const changedWeek = weekOf(at, before.time_zone);
      const from = changedWeek > before.first_week ? changedWeek : before.first_week;
      for (const week of weeksFrom(from, before.last_week)) before.weeks.add(week);
    }
  }

  /** The week of an instant on a calendar, its counted weeks grown to it; null for an unknown one. */
  private weekIn(calendarId: string, instant: string): string | null {
    const calendar = this.calendars.get(calendarId);
    if (!calendar) return null;
    const week = weekOf(instant, calendar.time_zone);
    const { first_week: first, last_week: last } = calendar;
    if (last === null) {
      const [from, to] = week < first ? [week, first] : [first, week];
      for (const w of weeksFrom(from, to)) calendar.weeks.add(w);
      calendar.first_week = from;
      calendar.last_week = to;
      calendar.changed = true;
    } else if (week < first || week > last) {
      const [from, to] = week < first ? [week, first] : [last, week];
      for (const w of weeksFrom(from, to)) calendar.weeks.add(w);
      calendar.first_week = week < first ? week : first;
      calendar.last_week = week > last ? week : last;
      calendar.changed = true;
    }
    return week;
  }

  private booked(data: Data): void {
    // A walk-in takes no slot place: the analytics are about the slots.
    if (data.visit_schedule_type !== 'Scheduled') return;
    const start = data.start_date as string;
    const week = this.weekIn(data.calendar_id as string, start);
    if (!week) return;
    const row: AppointmentRow = {
      appointment_id: data.appointment_id as string,
      calendar_id: data.calendar_id as string,
      week_start: week,
      start_date: start,
      booked_at: data.booked_at as string,
      status: data.status as string,
      canceled_at: null,
    };
    this.appointments.set(row.appointment_id, row);
    this.changedAppointments.add(row);
  }

  private statusChanged(appointmentId: string, status: string, at: string): void {
    const row = this.appointments.get(appointmentId);
    if (!row) return;
    row.status = status;
    if (status === 'Canceled') row.canceled_at = at;
    this.changedAppointments.add(row);
  }

  private rescheduled(data: Data): void {
    const row = this.appointments.get(data.appointment_id as string);
    if (!row) return;
    const week = this.weekIn(row.calendar_id, data.start_date as string);
    if (!week) return;
    row.start_date = data.start_date as string;
    row.week_start = week;
    this.changedAppointments.add(row);
  }

  private placeFreed(position: number, data: Data): void {
    const start = data.start as string;
    const week = this.weekIn(data.calendar_id as string, start);
    if (!week) return;
    const place: FreedPlace = {
      position,
      calendar_id: data.calendar_id as string,
      slot_start: start,
      week_start: week,
      freed_at: data.canceled_at as string,
      refilled_at: null,
    };
    const key = slotKey(place.calendar_id, start);
    this.open.set(key, [...(this.open.get(key) ?? []), place]);
    this.changedPlaces.add(place);
  }

  /** A booking of a slot takes the place given back first, if one is open. */
  private placeTaken(data: Data): void {
    const key = slotKey(data.calendar_id as string, data.start as string);
    const [first, ...rest] = this.open.get(key) ?? [];
    if (!first) return;
    first.refilled_at = data.booked_at as string;
    this.changedPlaces.add(first);
    this.open.set(key, rest);
  }

  private offerMade(data: Data): void {
    const week = this.weekIn(data.calendar_id as string, data.start as string);
    if (!week) return;
    const row: OfferRow = {
      offer_id: data.offer_id as string,
      calendar_id: data.calendar_id as string,
      week_start: week,
      status: 'Offered',
    };
    this.offers.set(row.offer_id, row);
    this.changedOffers.add(row);
  }

  private offerEnded(data: Data): void {
    const row = this.offers.get(data.offer_id as string);
    if (!row) return;
    row.status = data.status as string;
    this.changedOffers.add(row);
  }
}

const slotKey = (calendarId: string, start: string) => `${calendarId}|${Date.parse(start)}`;
/** A timestamptz as JSON gives it (with the session's offset), as the ISO instant kept. */
const iso = (value: string): string => new Date(value).toISOString();

/** A calendar's row as json_agg gives it (dates as YYYY-MM-DD). */
type StoredCalendar = Pick<
  CalendarRow,
  | 'calendar_id'
  | 'practice_id'
  | 'provider_id'
  | 'time_zone'
  | 'settings'
  | 'first_week'
  | 'last_week'
>;

/**
 * Reads what the batch's events refer to that earlier batches wrote. Rows come as JSON: dates as
 * YYYY-MM-DD, timestamps as text with an offset (made ISO instants here), positions as numbers.
 */
async function load(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<Batch> {
  const batch = new Batch();
  const calendarIds = new Set<string>();
  const appointmentIds = new Set<string>();
  const offerIds = new Set<string>();
  const takenSlots: { calendar: string; start: string }[] = [];
  for (const event of events) {
    const data = event.data as Data;
    if (typeof data.calendar_id === 'string') calendarIds.add(data.calendar_id);
    if (event.type === 'AppointmentBooked') continue;
    if (event.type.startsWith('Appointment')) appointmentIds.add(data.appointment_id as string);
    if (event.type === 'WaitlistOfferEnded') offerIds.add(data.offer_id as string);
    if (event.type === 'SlotBooked') {
      takenSlots.push({ calendar: data.calendar_id as string, start: data.start as string });
    }
  }
  // Every table in one statement (one round trip), each one's rows as a JSON array: the
  // calendars of the events and of the appointments they name.
  const { rows } = await sql<{
    appointments: AppointmentRow[];
    offers: OfferRow[];
    places: FreedPlace[];
    calendars: StoredCalendar[];
  }>`SELECT
       (SELECT coalesce(json_agg(a), '[]') FROM rm_analytics_appointments a
         WHERE appointment_id = ANY(${[...appointmentIds]}::uuid[])) AS appointments,
       (SELECT coalesce(json_agg(o), '[]') FROM rm_analytics_offers o
         WHERE offer_id = ANY(${[...offerIds]}::text[])) AS offers,
       (SELECT coalesce(json_agg(p ORDER BY position), '[]') FROM rm_analytics_freed_places p
         WHERE refilled_at IS NULL AND (calendar_id, slot_start) IN (SELECT * FROM unnest(
           ${takenSlots.map((slot) => slot.calendar)}::uuid[],
           ${takenSlots.map((slot) => slot.start)}::timestamptz[]))) AS places,
       (SELECT coalesce(json_agg(c), '[]') FROM rm_analytics_calendars c
         WHERE calendar_id = ANY(${[...calendarIds]}::uuid[])
            OR calendar_id IN (SELECT calendar_id FROM rm_analytics_appointments
                                WHERE appointment_id = ANY(${[...appointmentIds]}::uuid[])))
         AS calendars`.execute(trx);
  const [found] = rows;
  if (!found) return batch;
  for (const row of found.appointments) {
    batch.appointments.set(row.appointment_id, {
      ...row,
      start_date: iso(row.start_date),
      booked_at: iso(row.booked_at),
      canceled_at: row.canceled_at && iso(row.canceled_at),
    });
  }
  for (const row of found.offers) batch.offers.set(row.offer_id, row);
  for (const row of found.places) {
    const place = {
      ...row,
      slot_start: iso(row.slot_start),
      freed_at: iso(row.freed_at),
      refilled_at: null,
    };
    const key = slotKey(place.calendar_id, place.slot_start);
    batch.open.set(key, [...(batch.open.get(key) ?? []), place]);
  }
  for (const row of found.calendars) {
    batch.calendars.set(row.calendar_id, {
      calendar_id: row.calendar_id,
      practice_id: row.practice_id,
      provider_id: row.provider_id,
      time_zone: row.time_zone,
      settings: row.settings,
      first_week: row.first_week,
      last_week: row.last_week,
      stored: null,
      added: [],
      weeks: new Set(),
      changed: false,
    });
  }
  return batch;
}

/** Counts the places offered in every week the batch touched, and writes the batch's rows. */
async function save(trx: Transaction<DB>, batch: Batch): Promise<void> {
  const calendars = [...batch.calendars.values()];
  const counting = calendars.filter((c) => c.weeks.size > 0 && c.stored === null);
  if (counting.length > 0) {
    const versions = await trx
      .selectFrom('rm_analytics_calendar_versions')
      .select(['calendar_id', 'effective_from', 'settings'])
      .where(sql<boolean>`calendar_id = ANY(${counting.map((c) => c.calendar_id)}::uuid[])`)
      .orderBy('calendar_id')
      .orderBy('position')
      .execute();
    for (const calendar of counting) calendar.stored = [];
    for (const row of versions) {
      batch.calendars.get(row.calendar_id)!.stored!.push({
        fromMs: row.effective_from.getTime(),
        settings: row.settings as CalendarSettings,
      });
    }
  }
  const weeks = calendars.flatMap((calendar) => {
    const versions = [...(calendar.stored ?? []), ...calendar.added];
    return [...calendar.weeks].map((week) => ({
      calendar_id: calendar.calendar_id,
      week_start: week,
      practice_id: calendar.practice_id,
      provider_id: calendar.provider_id,
      slots_offered: placesOffered(versions, week),
    }));
  });
  // One statement for all six tables: they are written independently.
  await writeTogether(trx, [
    rowsInsert(
      'rm_analytics_calendars',
      {
        calendar_id: 'uuid',
        practice_id: 'uuid',
        provider_id: 'uuid',
        time_zone: 'text',
        settings: 'jsonb',
        first_week: 'date',
        last_week: 'date',
      },
      calendars.filter((c) => c.changed),
      updating(['calendar_id'], ['settings', 'first_week', 'last_week']),
    ),
    rowsInsert(
      'rm_analytics_calendar_versions',
      { calendar_id: 'uuid', position: 'bigint', effective_from: 'timestamptz', settings: 'jsonb' },
      calendars.flatMap((c) =>
        c.added.map((v) => ({
          calendar_id: c.calendar_id,
          position: v.position,
          effective_from: new Date(v.fromMs),
          settings: v.settings,
        })),
      ),
      updating(['calendar_id', 'position'], ['settings']),
    ),
    rowsInsert(
      'rm_analytics_weeks',
      {
        calendar_id: 'uuid',
        week_start: 'date',
        practice_id: 'uuid',
        provider_id: 'uuid',
        slots_offered: 'integer',
      },
      weeks,
      updating(['calendar_id', 'week_start'], ['slots_offered']),
    ),
    rowsInsert(
      'rm_analytics_appointments',
      {
        appointment_id: 'uuid',
        calendar_id: 'uuid',
        week_start: 'date',
        start_date: 'timestamptz',
        booked_at: 'timestamptz',
        status: 'text',
        canceled_at: 'timestamptz',
      },
      [...batch.changedAppointments],
      updating(['appointment_id'], ['week_start', 'start_date', 'status', 'canceled_at']),
    ),
    rowsInsert(
      'rm_analytics_freed_places',
      {
        position: 'bigint',
        calendar_id: 'uuid',
        slot_start: 'timestamptz',
        week_start: 'date',
        freed_at: 'timestamptz',
        refilled_at: 'timestamptz',
      },
      [...batch.changedPlaces],
      updating(['position'], ['refilled_at']),
    ),
    rowsInsert(
      'rm_analytics_offers',
      { offer_id: 'text', calendar_id: 'uuid', week_start: 'date', status: 'text' },
      [...batch.changedOffers],
      updating(['offer_id'], ['status']),
    ),
  ]);
}

async function applyAll(
  events: readonly RecordedEvent[],
  { trx }: ProjectionContext,
): Promise<void> {
  const relevant = events.filter((e) => FACT_EVENTS.has(e.type) || isCalendarEvent(e));
  if (relevant.length === 0) return;
  const batch = await load(trx, relevant);
  for (const event of relevant) batch.apply(event);
  await save(trx, batch);
}

/**
 * rm_analytics_*: per calendar and week, the slot places offered (from the calendar's schedule
 * as it stood, folded with evolveCalendar whatever its events are called), and the facts the
 * analytics reads count: bookings with their lead time, cancellations with their notice,
 * no-shows, places given back and when they were taken again, waitlist offers and how they ended.
 * A batch is read, folded in memory and written in a few multi-row statements.
 */
export const analyticsProjection: Projection = {
  name: 'analytics',
  tables: [
    'rm_analytics_calendars',
    'rm_analytics_calendar_versions',
    'rm_analytics_weeks',
    'rm_analytics_appointments',
    'rm_analytics_freed_places',
    'rm_analytics_offers',
  ],
  // The weeks' counts are only written (added to by primary key).
  lookupTables: [
    'rm_analytics_calendars',
    'rm_analytics_calendar_versions',
    'rm_analytics_appointments',
    'rm_analytics_freed_places',
    'rm_analytics_offers',
  ],
  apply: (event, context) => applyAll([event], context),
  applyAll,
};
