import type { AppointmentStatus, NotificationType } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { ProjectionContext } from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';
import {
  type CalendarEvent,
  type CalendarSettings,
  isCalendarChange,
} from '../../scheduling/domain/calendar.events';
import type { NotificationEvent } from '../domain/notification.events';
import { arrayOf } from '../../../infra/projections/array-literals';
import { instant } from '../queries/instant';
import { COUNT_INSERTED, markSeen } from './notification-new-days';

export type NotifyingEvent = AppointmentEvent | CalendarEvent | NotificationEvent;

/** A timestamptz as read back (a Date) or as an event wrote it (an ISO string). */
type Instant = Date | string;

interface AppointmentRow {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly patient_id: string;
  status: string;
  start_date: Instant;
  position: number | string;
}

interface CalendarRow {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  accept_reject_enabled: boolean;
  position: number | string;
}

interface NotificationRow {
  readonly notification_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly patient_id: string;
  readonly appointment_id: string;
  readonly notification_type: NotificationType;
  notification_status: 'New' | 'Seen';
  appointment_status: string;
  /** The appointment's, as it was when raised (written as its column reads it back). */
  readonly appointment_start_date: Instant;
  readonly notification_date: string;
  position: number;
  readonly actor_id: string | null;
  readonly actor_role: string | null;
  readonly from_start_date: string | null;
}

/** Who acted, from the event's metadata: the facts of the notification's sentence. */
export function actorOf(recorded: RecordedEvent): {
  actor_id: string | null;
  actor_role: string | null;
} {
  return {
    actor_id: recorded.metadata?.actorId ?? null,
    actor_role: recorded.metadata?.actorRole ?? null,
  };
}

/** What a batch's events need of each table, read in one statement. */
interface Known {
  readonly appointments: Map<string, AppointmentRow>;
  readonly calendars: Map<string, CalendarRow>;
  /** The ids found in the tables: rows the batch changes are updated, the others inserted. */
  readonly stored: {
    readonly appointments: ReadonlySet<string>;
    readonly calendars: ReadonlySet<string>;
  };
}

/**
 * A batch folded in memory, in log order, as `apply` would leave it event by event: the
 * appointments and calendars its events name are read up front (one statement), the rows it
 * creates kept with them, and everything written back at the end in one statement (two when
 * notifications were seen).
 * Live messages are queued as each event is folded (they are sent after the commit anyway);
 * the practices whose counts are due are returned, to be counted once the rows are written.
 */
export async function applyBatch(
  events: readonly RecordedEvent[],
  context: ProjectionContext,
  handled: ReadonlySet<string>,
): Promise<Map<string, RecordedEvent>> {
  const countsDue = new Map<string, RecordedEvent>();
  const relevant = events.filter((e) => handled.has(e.type));
  if (relevant.length === 0) return countsDue;
  const known = await readKnown(context.trx, relevant);
  const fold = new Fold(known, context, countsDue);
  for (const recorded of relevant) fold.apply(recorded);
  await fold.write(context.trx);
  return countsDue;
}

async function readKnown(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<Known> {
  const appointmentIds = new Set<string>();
  const calendarIds = new Set<string>();
  for (const { type, data } of events) {
    const d = data as { appointment_id?: unknown; calendar_id?: unknown };
    if (type.startsWith('Appointment') && typeof d.appointment_id === 'string')
      appointmentIds.add(d.appointment_id);
    else if (type === 'CalendarCreated' && typeof d.calendar_id === 'string')
      calendarIds.add(d.calendar_id);
    else if (isCalendarChange({ type, data }) && settingChanged(data))
      calendarIds.add((data as { calendar_id: string }).calendar_id);
  }
  // Both tables in one statement (one round trip), each as a JSON array of its rows.
  // The ids go as typed array parameters, not literals cast from text (as the writes do): the
  // planner reads a parameter's array as a constant, not a cast, and replay ran 4x slower so.
  const { rows } = await sql<{ appointments: AppointmentJson[]; calendars: CalendarJson[] }>`
    SELECT (SELECT coalesce(json_agg(a), '[]') FROM rm_notification_appointments AS a
             WHERE a.appointment_id = ANY(${[...appointmentIds]}::uuid[])) AS appointments,
           (SELECT coalesce(json_agg(c), '[]') FROM rm_notification_calendars AS c
             WHERE c.calendar_id = ANY(${[...calendarIds]}::uuid[])) AS calendars`.execute(trx);
  const found = rows[0] ?? { appointments: [], calendars: [] };
  return {
    stored: {
      appointments: new Set(found.appointments.map((a) => a.appointment_id)),
      calendars: new Set(found.calendars.map((c) => c.calendar_id)),
    },
    appointments: new Map(
      found.appointments.map((a) => [
        a.appointment_id,
        { ...a, start_date: new Date(a.start_date) },
      ]),
    ),
    calendars: new Map(found.calendars.map((c) => [c.calendar_id, c])),
  };
}

/** A row as json_agg gives it: a timestamp as an ISO string, a bigint as a number. */
type AppointmentJson = Omit<AppointmentRow, 'start_date'> & { start_date: string };
type CalendarJson = CalendarRow;

class Fold {
  /** Appointments and calendars the batch created or changed: written as they end. */
  private readonly changedAppointments = new Set<string>();
  private readonly changedCalendars = new Set<string>();
  /** Notifications raised in the batch, in log order (the first of an id wins, as on insert). */
  private readonly raised = new Map<string, NotificationRow>();
  private readonly raisedByAppointment = new Map<string, NotificationRow[]>();
  /**
   * Changes to notifications that were there before the batch (none of those raised in it):
   * each appointment's last status, and each (practice, notification) last seen at.
   */
  private readonly statusOfEarlier = new Map<string, string>();
  private readonly seenOfEarlier = new Map<
    string,
    { practiceId: string; id: string; position: number }
  >();

  constructor(
    private readonly known: Known,
    private readonly context: ProjectionContext,
    private readonly countsDue: Map<string, RecordedEvent>,
  ) {}

  apply(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as NotifyingEvent;
    const position = recorded.globalPosition;
    if (isCalendarChange(event)) {
      if (!settingChanged(event.data)) return;
      const enabled = event.data.after.accept_reject_enabled;
      const calendar = this.known.calendars.get(event.data.calendar_id);
      if (!calendar) return;
      calendar.accept_reject_enabled = enabled;
      calendar.position = position;
      this.changedCalendars.add(calendar.calendar_id);
      this.publishSetting(calendar.practice_id, calendar.provider_id, enabled, position);
      return;
    }
    switch (event.type) {
      case 'CalendarCreated': {
        const d = event.data;
        if (!this.known.calendars.has(d.calendar_id)) {
          this.known.calendars.set(d.calendar_id, {
            calendar_id: d.calendar_id,
            practice_id: d.practice_id,
            provider_id: d.provider_id,
            accept_reject_enabled: d.accept_reject_enabled,
            position,
          });
          this.changedCalendars.add(d.calendar_id);
        }
        this.publishSetting(d.practice_id, d.provider_id, d.accept_reject_enabled, position);
        return;
      }
      case 'AppointmentBooked': {
        const d = event.data;
        if (!this.known.appointments.has(d.appointment_id)) {
          this.known.appointments.set(d.appointment_id, {
            appointment_id: d.appointment_id,
            practice_id: d.practice_id,
            provider_id: d.provider_id,
            resource_id: d.resource_id,
            patient_id: d.patient_id,
            status: d.status,
            start_date: d.start_date,
            position,
          });
          this.changedAppointments.add(d.appointment_id);
        }
        this.raise(
          recorded,
          d.status === 'Pending' ? 'Requested' : 'Booked',
          d.appointment_id,
          d.booked_at,
        );
        return;
      }
      case 'AppointmentStatusChanged': {
        const d = event.data;
        const appointment = this.setStatus(d.appointment_id, d.status, position);
        // Accepting or rejecting a request takes it off every staff member's requests count.
        if (appointment && (d.from === 'Pending' || d.status === 'Pending'))
          this.countsFor(appointment.practice_id, recorded);
        return;
      }
      case 'AppointmentCanceled': {
        const d = event.data;
        this.setStatus(d.appointment_id, 'Canceled', position);
        this.raise(recorded, 'Canceled', d.appointment_id, d.canceled_at);
        return;
      }
      case 'AppointmentRescheduled': {
        const d = event.data;
        const appointment = this.known.appointments.get(d.appointment_id);
        if (appointment) {
          appointment.start_date = d.start_date;
          appointment.position = position;
          this.changedAppointments.add(d.appointment_id);
        }
        this.raise(recorded, 'Rescheduled', d.appointment_id, d.rescheduled_at, d.from_start);
        return;
      }
      case 'NotificationsSeen': {
        const d = event.data;
        for (const id of d.notification_ids) {
          const notification = this.raised.get(id);
          if (notification?.practice_id === d.practice_id) {
            notification.notification_status = 'Seen';
            notification.position = position;
          }
          // Deleted and set again: kept in the order last seen (no matter to the update).
          const key = `${d.practice_id} ${id}`;
          this.seenOfEarlier.delete(key);
          this.seenOfEarlier.set(key, { practiceId: d.practice_id, id, position });
        }
        this.countsFor(d.practice_id, recorded);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }

  /** The appointment's status, on itself and on every notification about it. */
  private setStatus(
    appointmentId: string,
    status: AppointmentStatus,
    position: number,
  ): AppointmentRow | undefined {
    for (const notification of this.raisedByAppointment.get(appointmentId) ?? []) {
      notification.appointment_status = status;
    }
    // Notifications are raised only about appointments in the read model, which keeps them all:
    // one it did not hold before the batch has no notification from before it.
    if (this.known.stored.appointments.has(appointmentId))
      this.statusOfEarlier.set(appointmentId, status);
    const appointment = this.known.appointments.get(appointmentId);
    if (!appointment) return undefined;
    appointment.status = status;
    appointment.position = position;
    this.changedAppointments.add(appointmentId);
    return appointment;
  }

  /** A notification about an appointment in the read model (none about one it does not know). */
  private raise(
    recorded: RecordedEvent,
    type: NotificationType,
    appointmentId: string,
    at: string,
    fromStart: string | null = null,
  ): void {
    const appointment = this.known.appointments.get(appointmentId);
    if (!appointment) return;
    if (!this.raised.has(recorded.id)) {
      const notification: NotificationRow = {
        notification_id: recorded.id,
        practice_id: appointment.practice_id,
        provider_id: appointment.provider_id,
        resource_id: appointment.resource_id,
        patient_id: appointment.patient_id,
        appointment_id: appointmentId,
        notification_type: type,
        notification_status: 'New',
        appointment_status: appointment.status,
        appointment_start_date: appointment.start_date,
        notification_date: at,
        position: recorded.globalPosition,
        ...actorOf(recorded),
        from_start_date: fromStart,
      };
      this.raised.set(recorded.id, notification);
      const about = this.raisedByAppointment.get(appointmentId);
      if (about) about.push(notification);
      else this.raisedByAppointment.set(appointmentId, [notification]);
    }
    if (this.context.replaying) return;
    this.context.publish(`practice:${appointment.practice_id}`, 'notification.added', {
      practiceId: appointment.practice_id,
      providerId: appointment.provider_id,
      resourceId: appointment.resource_id,
      patientId: appointment.patient_id,
      id: recorded.id,
      appointmentId,
      notificationStatus: 'New',
      appointmentStatus: appointment.status as AppointmentStatus,
      // As read back from the column (postgres.js wrote it through a Date).
      appointmentStartDate: instant(new Date(appointment.start_date)),
      position: recorded.globalPosition,
    });
    this.countsFor(appointment.practice_id, recorded);
  }

  /** Counted once per practice, after the batch's rows are written, as of its last event. */
  private countsFor(practiceId: string, recorded: RecordedEvent): void {
    if (this.context.replaying) return;
    this.countsDue.delete(practiceId);
    this.countsDue.set(practiceId, recorded);
  }

  private publishSetting(
    practiceId: string,
    providerId: string | null,
    enabled: boolean,
    position: number,
  ): void {
    if (!providerId || this.context.replaying) return;
    this.context.publish(`practice:${practiceId}`, 'notification.settings', {
      userId: providerId,
      isAcceptRejectSettingEnabled: enabled,
      position,
    });
  }

  /**
   * Two round trips at most: notifications seen (rare), then every other change in one statement
   * whose text is the same whatever the batch holds (rows go as arrays, unnest'ed). The changes
   * to notifications there before the batch never touch those raised in it. Each column goes as
   * one PostgreSQL array literal in a text parameter, cast here (see arrayOf): postgres.js would
   * escape every element itself and type the array by its first element; timestamps are
   * written as the column would take them one by one (see `timestamp`).
   */
  async write(trx: Transaction<DB>): Promise<void> {
    await markSeen(trx, [...this.seenOfEarlier.values()]);
    const { stored } = this.known;
    const a = [...this.changedAppointments]
      .map((id) => this.known.appointments.get(id))
      .filter((row): row is AppointmentRow => row !== undefined);
    const newA = a.filter((r) => !stored.appointments.has(r.appointment_id));
    const oldA = a.filter((r) => stored.appointments.has(r.appointment_id));
    const c = [...this.changedCalendars]
      .map((id) => this.known.calendars.get(id))
      .filter((row): row is CalendarRow => row !== undefined);
    const newC = c.filter((r) => !stored.calendars.has(r.calendar_id));
    const oldC = c.filter((r) => stored.calendars.has(r.calendar_id));
    const n = [...this.raised.values()];
    const statuses = [...this.statusOfEarlier];
    if (a.length + c.length + n.length + statuses.length === 0) return;
    // The rest in one statement, whatever it holds (its parts see the rows as they were before
    // it: the status update leaves the notifications it inserts alone). Only this projection
    // writes its tables, under its checkpoint's lock, so no upsert (a speculative insert costs
    // an extra WAL record and index probe per row): appointments and calendars the read did not
    // find are inserted, the others updated, and a notification is inserted unless one of its
    // id is there already (as `apply` does nothing on that conflict).
    await sql`
      WITH new_appointments AS (
        INSERT INTO rm_notification_appointments
               (appointment_id, practice_id, provider_id, resource_id, patient_id, status,
                start_date, position)
        SELECT * FROM unnest(${arrayOf(newA, (r) => r.appointment_id)}::text::uuid[],
                             ${arrayOf(newA, (r) => r.practice_id)}::text::uuid[],
                             ${arrayOf(newA, (r) => r.provider_id)}::text::uuid[],
                             ${arrayOf(newA, (r) => r.resource_id)}::text::uuid[],
                             ${arrayOf(newA, (r) => r.patient_id)}::text::uuid[],
                             ${arrayOf(newA, (r) => r.status)}::text::text[],
                             ${arrayOf(newA, (r) => timestamp(r.start_date))}::text::timestamptz[],
                             ${arrayOf(newA, (r) => r.position)}::text::bigint[])
      ), old_appointments AS (
        UPDATE rm_notification_appointments AS t
           SET status = v.status, start_date = v.start_date, position = v.position
          FROM unnest(${arrayOf(oldA, (r) => r.appointment_id)}::text::uuid[],
                      ${arrayOf(oldA, (r) => r.status)}::text::text[],
                      ${arrayOf(oldA, (r) => timestamp(r.start_date))}::text::timestamptz[],
                      ${arrayOf(oldA, (r) => r.position)}::text::bigint[])
               AS v(appointment_id, status, start_date, position)
         WHERE t.appointment_id = v.appointment_id
      ), new_calendars AS (
        INSERT INTO rm_notification_calendars
               (calendar_id, practice_id, provider_id, accept_reject_enabled, position)
        SELECT * FROM unnest(${arrayOf(newC, (r) => r.calendar_id)}::text::uuid[],
                             ${arrayOf(newC, (r) => r.practice_id)}::text::uuid[],
                             ${arrayOf(newC, (r) => r.provider_id)}::text::uuid[],
                             ${arrayOf(newC, (r) => r.accept_reject_enabled)}::text::boolean[],
                             ${arrayOf(newC, (r) => r.position)}::text::bigint[])
      ), old_calendars AS (
        UPDATE rm_notification_calendars AS t
           SET accept_reject_enabled = v.enabled, position = v.position
          FROM unnest(${arrayOf(oldC, (r) => r.calendar_id)}::text::uuid[],
                      ${arrayOf(oldC, (r) => r.accept_reject_enabled)}::text::boolean[],
                      ${arrayOf(oldC, (r) => r.position)}::text::bigint[])
               AS v(calendar_id, enabled, position)
         WHERE t.calendar_id = v.calendar_id
      ), statuses AS (
        UPDATE rm_notifications AS n SET appointment_status = v.status
          FROM unnest(${arrayOf(statuses, ([id]) => id)}::text::uuid[],
                      ${arrayOf(statuses, ([, status]) => status)}::text::text[]) AS v(appointment_id, status)
         WHERE n.appointment_id = v.appointment_id
      ), inserted AS (
      INSERT INTO rm_notifications
             (notification_id, practice_id, provider_id, resource_id, patient_id, appointment_id,
              notification_type, notification_status, appointment_status,
              appointment_start_date, notification_date, position, actor_id, actor_role,
              from_start_date)
      SELECT * FROM unnest(${arrayOf(n, (r) => r.notification_id)}::text::uuid[],
                           ${arrayOf(n, (r) => r.practice_id)}::text::uuid[],
                           ${arrayOf(n, (r) => r.provider_id)}::text::uuid[],
                           ${arrayOf(n, (r) => r.resource_id)}::text::uuid[],
                           ${arrayOf(n, (r) => r.patient_id)}::text::uuid[],
                           ${arrayOf(n, (r) => r.appointment_id)}::text::uuid[],
                           ${arrayOf(n, (r) => r.notification_type)}::text::text[],
                           ${arrayOf(n, (r) => r.notification_status)}::text::text[],
                           ${arrayOf(n, (r) => r.appointment_status)}::text::text[],
                           ${arrayOf(n, (r) => timestamp(r.appointment_start_date))}::text::timestamptz[],
                           ${arrayOf(n, (r) => timestamp(r.notification_date))}::text::timestamptz[],
                           ${arrayOf(n, (r) => r.position)}::text::bigint[],
                           ${arrayOf(n, (r) => r.actor_id)}::text::text[],
                           ${arrayOf(n, (r) => r.actor_role)}::text::text[],
                           ${arrayOf(n, (r) => (r.from_start_date === null ? null : timestamp(r.from_start_date)))}::text::timestamptz[])
               AS u(notification_id)
       -- OFFSET 0 keeps the check a probe of the primary key per row: as an anti-join the
       -- planner hashes the rows and scans the whole table, on every batch of a replay.
       WHERE NOT EXISTS (SELECT FROM rm_notifications AS e
                          WHERE e.notification_id = u.notification_id OFFSET 0)
      RETURNING practice_id, notification_date, notification_status
      )
      -- The New ones inserted, counted into their days (notification-new-days.ts).
      ${COUNT_INSERTED}`.execute(trx);
  }
}

/** A calendar change that wrote the accept/reject setting (the only one kept). */
function settingChanged(data: unknown): data is {
  calendar_id: string;
  after: { accept_reject_enabled: boolean };
} {
  const after = (data as { after?: Partial<CalendarSettings> }).after;
  return after?.accept_reject_enabled !== undefined;
}

/**
 * An instant in UTC that PostgreSQL and JavaScript read alike: a real day of its month (for
 * 2026-11-31 JavaScript gives December 1st, PostgreSQL an error), hours to 23, seconds to 59.
 */
const ISO_UTC =
  /^([1-9]\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function aRealDay(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS[month - 1] ?? 0));
}

/**
 * As the column would take it from one statement per event: postgres.js writes a timestamptz
 * parameter as `new Date(value).toISOString()` (a JavaScript parse). Arrays of them go as text
 * (cast in the statement), which skips that parse and format per element: a string PostgreSQL
 * reads as JavaScript does is sent as it is, any other through a Date, so the column gets what
 * postgres.js would have written.
 */
function timestamp(value: Instant): string {
  if (value instanceof Date) return value.toISOString();
  const parts = ISO_UTC.exec(value);
  if (parts && aRealDay(Number(parts[1]), Number(parts[2]), Number(parts[3]))) return value;
  return new Date(value).toISOString();
}
