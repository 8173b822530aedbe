import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import { CALENDAR_CHANGE_TYPES, isCalendarChange } from '../../scheduling/domain/calendar.events';
import { MEETING_EVENT_TYPES } from '../../telehealth/domain/meeting.events';
import {
  type AppointmentFacts,
  type CalendarFacts,
  describe,
  type UserFacts,
} from '../practice-audit.describe';

type Data = Record<string, unknown>;

/** Events that only feed the lookups or may be told: everything else is skipped at once. */
const HANDLED = new Set<string>([
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
  'AppointmentRescheduled',
  'VisitReviewed',
  'CalendarCreated',
  ...CALENDAR_CHANGE_TYPES,
  'PracticeRegistered',
  'DirectoryEntryRegistered',
  'UserRegistered',
  'UserRoleChanged',
  'UserDisabled',
  'UserEnabled',
  'AuditTrailRead',
  ...MEETING_EVENT_TYPES,
  'WaitlistJoined',
  'WaitlistLeft',
  'WaitlistOfferMade',
  'WaitlistOfferEnded',
]);

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/**
 * rm_practice_audit: the practice's trail for people, one row per event that touches a
 * practice, with its sentence and changed fields (before → after). The appointment and calendar
 * lookups are this projection's own, so it never reads another projection's tables (a rebuild of
 * one alone gives the same rows).
 */
export const practiceAuditProjection: Projection = {
  name: 'practice-audit',
  tables: [
    'rm_practice_audit',
    'rm_practice_audit_appointments',
    'rm_practice_audit_calendars',
    'rm_practice_audit_users',
  ],
  async apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    if (!HANDLED.has(recorded.type)) return;
    // The security stream repeats role changes and disabling under the same names: the user's
    // own stream is the one told.
    if (recorded.type.startsWith('User') && !recorded.streamId.startsWith('user-')) return;
    const data = recorded.data as Data;
    const appointmentId = typeof data.appointment_id === 'string' ? data.appointment_id : null;
    const calendarId = typeof data.calendar_id === 'string' ? data.calendar_id : null;
    const userId =
      recorded.type.startsWith('User') && typeof data.user_id === 'string' ? data.user_id : null;
    const [appointment, calendar, user] = await Promise.all([
      appointmentId && recorded.type !== 'AppointmentBooked'
        ? appointmentFacts(trx, appointmentId)
        : null,
      calendarId && recorded.type !== 'CalendarCreated' ? calendarFacts(trx, calendarId) : null,
      userId && recorded.type !== 'UserRegistered' ? userFacts(trx, userId) : null,
    ]);
    const line = describe(recorded.type, data, {
      appointment: (id) => (id === appointmentId ? appointment : null),
      calendar: (id) => (id === calendarId ? calendar : null),
      user: (id) => (id === userId ? user : null),
    });
    await keepLookups(trx, recorded.type, data, calendar);
    if (!line || !line.practice_id) return;
    const m = recorded.metadata;
    await trx
      .insertInto('rm_practice_audit')
      .values({
        position: recorded.globalPosition,
        practice_id: line.practice_id,
        kind: line.kind,
        event_type: recorded.type,
        summary: line.summary,
        changes: sql<string>`${JSON.stringify(line.changes)}::text::jsonb`,
        patient_id: line.patient_id,
        appointment_id: line.appointment_id,
        calendar_id: line.calendar_id,
        actor_id: m.actorId ?? null,
        actor_role: m.actorRole ?? null,
        on_behalf_of: m.onBehalfOf ?? null,
        ip: m.ip ?? null,
        user_agent: m.userAgent ?? null,
        correlation_id: m.correlationId ?? null,
        recorded_at: recorded.recordedAt,
      })
      .onConflict((oc) =>
        // One change recorded before the fine-grained calendar events reads as several facts at
        // its one position: they share its line, sentence after sentence.
        isCalendarChange({ type: recorded.type, data })
          ? oc
              .column('position')
              .doUpdateSet({
                summary: sql<string>`rm_practice_audit.summary || '; ' || excluded.summary`,
                changes: sql<string>`rm_practice_audit.changes || excluded.changes`,
              })
              .where(sql<boolean>`strpos(rm_practice_audit.summary, excluded.summary) = 0`)
          : oc.column('position').doNothing(),
      )
      .execute();
  },
};

async function appointmentFacts(
  trx: Transaction<DB>,
  appointmentId: string,
): Promise<AppointmentFacts | null> {
  const row = await trx
    .selectFrom('rm_practice_audit_appointments')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return row ? { ...row, start_date: iso(row.start_date) } : null;
}

async function userFacts(trx: Transaction<DB>, userId: string): Promise<UserFacts | null> {
  const row = await trx
    .selectFrom('rm_practice_audit_users')
    .select(['practice_id', 'name', 'type'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

async function calendarFacts(
  trx: Transaction<DB>,
  calendarId: string,
): Promise<CalendarFacts | null> {
  const row = await trx
    .selectFrom('rm_practice_audit_calendars')
    .selectAll()
    .where('calendar_id', '=', calendarId)
    .executeTakeFirst();
  return row ? { practice_id: row.practice_id, settings: row.settings as Data } : null;
}

/** What later events will need: an appointment's practice and patient, a calendar's settings. */
async function keepLookups(
  trx: Transaction<DB>,
  type: string,
  data: Data,
  calendar: CalendarFacts | null,
): Promise<void> {
  if (type === 'UserRegistered') {
    await trx
      .insertInto('rm_practice_audit_users')
      .values({
        user_id: data.user_id as string,
        practice_id: (data.practice_id as string | null) ?? null,
        name: `${String(data.first_name)} ${String(data.last_name)}`.trim(),
        type: data.type as string,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  } else if (type === 'UserRoleChanged') {
    await trx
      .updateTable('rm_practice_audit_users')
      .set({ type: data.type as string, practice_id: (data.practice_id as string | null) ?? null })
      .where('user_id', '=', data.user_id as string)
      .execute();
  } else if (type === 'AppointmentBooked') {
    await trx
      .insertInto('rm_practice_audit_appointments')
      .values({
        appointment_id: data.appointment_id as string,
        practice_id: data.practice_id as string,
        patient_id: data.patient_id as string,
        calendar_id: data.calendar_id as string,
        start_date: data.start_date as string,
        time_zone: data.time_zone as string,
      })
      .onConflict((oc) => oc.column('appointment_id').doNothing())
      .execute();
  } else if (type === 'AppointmentRescheduled') {
    await trx
      .updateTable('rm_practice_audit_appointments')
      .set({ start_date: data.start_date as string })
      .where('appointment_id', '=', data.appointment_id as string)
      .execute();
  } else if (type === 'CalendarCreated') {
    const { created_at: _, ...settings } = data;
    await trx
      .insertInto('rm_practice_audit_calendars')
      .values({
        calendar_id: data.calendar_id as string,
        practice_id: data.practice_id as string,
        settings: sql<string>`${JSON.stringify(settings)}::text::jsonb`,
      })
      .onConflict((oc) => oc.column('calendar_id').doNothing())
      .execute();
  } else if (isCalendarChange({ type, data }) && calendar) {
    const settings = { ...calendar.settings, ...(data.after as Data) };
    await trx
      .updateTable('rm_practice_audit_calendars')
      .set({ settings: sql<string>`${JSON.stringify(settings)}::text::jsonb` })
      .where('calendar_id', '=', data.calendar_id as string)
      .execute();
  }
}
