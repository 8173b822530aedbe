import type { RecordedEvent } from '@medbook/event-store';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import { CALENDAR_CHANGE_TYPES, isCalendarChange } from '../../scheduling/domain/calendar.events';
import { MEETING_EVENT_TYPES } from '../../telehealth/domain/meeting.events';
import { type CalendarFacts, describe } from '../practice-audit.describe';
import { ignoring, writeTogether } from '../../../infra/projections/bulk-rows';
import { type Scalar, unnestInsert } from '../../../infra/projections/array-literals';
import { BatchLookups, type Lookups, storedLookups } from './practice-audit.lookups';

type Data = Record<string, unknown>;

/** Events that only feed the lookups or may be told: everything else is skipped at once. */
const HANDLED = new Set<string>([
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
  'AppointmentRescheduled',
  'VisitReviewed',
  'PatientInvitedToSurvey',
  'CalendarCreated',
  ...CALENDAR_CHANGE_TYPES,
  'PracticeRegistered',
  'DirectoryEntryRegistered',
  'DirectoryEntryChanged',
  'UserRegistered',
  'PatientRegisteredAtPractice',
  'UserRoleChanged',
  'UserDisabled',
  'UserEnabled',
  'PatientDetailsChanged',
  'FamilyMemberChanged',
  'AuditTrailRead',
  ...MEETING_EVENT_TYPES,
  'WaitlistJoined',
  'WaitlistLeft',
  'WaitlistOfferMade',
  'WaitlistOfferEnded',
]);

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
  // The trail itself is only written (its inserts find a clash by primary key).
  lookupTables: [
    'rm_practice_audit_appointments',
    'rm_practice_audit_calendars',
    'rm_practice_audit_users',
  ],
  async apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    const line = await tell(recorded, storedLookups(trx));
    if (line) await writeTogether(trx, lineInserts([line]));
  },
  /** A batch: its lookups read up front and kept in memory, its lines in a few statements. */
  async applyAll(events: readonly RecordedEvent[], { trx }: ProjectionContext): Promise<void> {
    const told = events.filter(isTold);
    if (told.length === 0) return;
    const lookups = await BatchLookups.read(trx, told);
    const lines: TrailLine[] = [];
    for (const recorded of told) {
      const line = await tell(recorded, lookups);
      if (line) lines.push(line);
    }
    // The lookups and the lines in one statement: they are distinct tables.
    await writeTogether(trx, [...lookups.writes(), ...lineInserts(lines)]);
  },
};

type TrailLine = Omit<Insertable<DB['rm_practice_audit']>, 'summary' | 'changes'> & {
  readonly summary: string;
  readonly changes: unknown[];
  /** A calendar change: a line at the same position adds its sentences (see lineInserts). */
  readonly calendarChange: boolean;
};

function isTold(recorded: RecordedEvent): boolean {
  if (!HANDLED.has(recorded.type)) return false;
  // The security stream repeats role changes and disabling under the same names: the user's
  // own stream is the one told.
  return !(recorded.type.startsWith('User') && !recorded.streamId.startsWith('user-'));
}

/** Keeps the lookups and answers the event's line of the trail, if it has one. */
async function tell(recorded: RecordedEvent, lookups: Lookups): Promise<TrailLine | null> {
  if (!isTold(recorded)) return null;
  const data = recorded.data as Data;
  const appointmentId = typeof data.appointment_id === 'string' ? data.appointment_id : null;
  const calendarId = typeof data.calendar_id === 'string' ? data.calendar_id : null;
  const userId =
    recorded.type.startsWith('User') && typeof data.user_id === 'string' ? data.user_id : null;
  const [appointment, calendar, user] = await Promise.all([
    appointmentId && recorded.type !== 'AppointmentBooked'
      ? lookups.appointment(appointmentId)
      : null,
    calendarId && recorded.type !== 'CalendarCreated' ? lookups.calendar(calendarId) : null,
    userId && recorded.type !== 'UserRegistered' ? lookups.user(userId) : null,
  ]);
  const line = describe(recorded.type, data, {
    appointment: (id) => (id === appointmentId ? appointment : null),
    calendar: (id) => (id === calendarId ? calendar : null),
    user: (id) => (id === userId ? user : null),
  });
  await keepLookups(lookups, recorded.type, data, calendar);
  if (!line || !line.practice_id) return null;
  const m = recorded.metadata;
  return {
    position: recorded.globalPosition,
    practice_id: line.practice_id,
    kind: line.kind,
    event_type: recorded.type,
    summary: line.summary,
    changes: [...line.changes],
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
    calendarChange: isCalendarChange({ type: recorded.type, data }),
  };
}

/**
 * One change recorded before the fine-grained calendar events reads as several facts at its one
 * position: they share its line, sentence after sentence (a sentence already there is not
 * repeated). Lines of a batch at one position are joined so first, then inserted with the same
 * rule against a line already stored.
 */
function lineInserts(lines: readonly TrailLine[]): RawBuilder<unknown>[] {
  const byPosition = new Map<number, TrailLine>();
  for (const line of lines) {
    const position = Number(line.position);
    const before = byPosition.get(position);
    if (!before) byPosition.set(position, line);
    else if (line.calendarChange && !before.summary.includes(line.summary)) {
      byPosition.set(position, {
        ...before,
        summary: `${before.summary}; ${line.summary}`,
        changes: [...before.changes, ...line.changes],
      });
    }
  }
  const rows = [...byPosition.values()];
  // Two inserts of distinct positions (a batch has one line a position), so one statement; each
  // column one array literal (PostgreSQL reads them faster than rows of JSON objects).
  return [
    unnestInsert(
      'rm_practice_audit',
      lineColumns(rows.filter((row) => !row.calendarChange)),
      ignoring(['position']),
    ),
    unnestInsert(
      'rm_practice_audit',
      lineColumns(rows.filter((row) => row.calendarChange)),
      sql`ON CONFLICT (position) DO UPDATE SET
            summary = rm_practice_audit.summary || '; ' || excluded.summary,
            changes = rm_practice_audit.changes || excluded.changes
          WHERE strpos(rm_practice_audit.summary, excluded.summary) = 0`,
    ),
  ];
}

/** The lines' rows, column by column. */
function lineColumns(lines: readonly TrailLine[]): [string, string, Scalar[]][] {
  const column = (name: keyof TrailLine, type: string): [string, string, Scalar[]] => [
    name,
    type,
    lines.map((line) => (line[name] ?? null) as Scalar),
  ];
  return [
    ['position', 'bigint', lines.map((line) => Number(line.position))],
    column('practice_id', 'uuid'),
    column('kind', 'text'),
    column('event_type', 'text'),
    column('summary', 'text'),
    ['changes', 'jsonb', lines.map((line) => JSON.stringify(line.changes))],
    column('patient_id', 'uuid'),
    column('appointment_id', 'uuid'),
    column('calendar_id', 'uuid'),
    column('actor_id', 'text'),
    column('actor_role', 'text'),
    column('on_behalf_of', 'text'),
    column('ip', 'text'),
    column('user_agent', 'text'),
    column('correlation_id', 'text'),
    ['recorded_at', 'timestamptz', lines.map((line) => new Date(line.recorded_at).toISOString())],
  ];
}

/** What later events will need: an appointment's practice and patient, a calendar's settings. */
async function keepLookups(
  lookups: Lookups,
  type: string,
  data: Data,
  calendar: CalendarFacts | null,
): Promise<void> {
  if (type === 'UserRegistered') {
    await lookups.addUser(data.user_id as string, {
      practice_id: (data.practice_id as string | null) ?? null,
      name: `${String(data.first_name)} ${String(data.last_name)}`.trim(),
      type: data.type as string,
    });
  } else if (type === 'UserRoleChanged') {
    await lookups.changeUser(data.user_id as string, {
      type: data.type as string,
      practice_id: (data.practice_id as string | null) ?? null,
    });
  } else if (type === 'AppointmentBooked') {
    await lookups.addAppointment(data.appointment_id as string, {
      practice_id: data.practice_id as string,
      patient_id: data.patient_id as string,
      calendar_id: data.calendar_id as string,
      start_date: data.start_date as string,
      time_zone: data.time_zone as string,
    });
  } else if (type === 'AppointmentRescheduled') {
    await lookups.moveAppointment(data.appointment_id as string, data.start_date as string);
  } else if (type === 'CalendarCreated') {
    const { created_at: _, ...settings } = data;
    await lookups.addCalendar(data.calendar_id as string, {
      practice_id: data.practice_id as string,
      settings,
    });
  } else if (isCalendarChange({ type, data }) && calendar) {
    const settings = { ...calendar.settings, ...(data.after as Data) };
    await lookups.changeCalendar(data.calendar_id as string, settings);
  }
}
