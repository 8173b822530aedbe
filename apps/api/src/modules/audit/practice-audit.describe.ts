import type { AuditChange, AuditKind } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { isCalendarChange } from '../scheduling/domain/calendar.events';
import { describeCalendarChange } from './calendar-change.describe';

/** What later events of an appointment do not repeat. */
export interface AppointmentFacts {
  readonly practice_id: string;
  readonly patient_id: string;
  readonly calendar_id: string;
  readonly start_date: string;
  readonly time_zone: string;
}

/** A calendar's practice and its settings before the event (for before → after). */
export interface CalendarFacts {
  readonly practice_id: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

/** A practice user as the trail last saw them. */
export interface UserFacts {
  readonly practice_id: string | null;
  readonly name: string;
  readonly type: string;
}

/** One line of the trail, as the event tells it. */
export interface AuditLine {
  readonly practice_id: string;
  readonly kind: AuditKind;
  readonly summary: string;
  readonly changes: readonly AuditChange[];
  readonly patient_id: string | null;
  readonly appointment_id: string | null;
  readonly calendar_id: string | null;
}

/** What the projection looks up and keeps, given to `describe` (no I/O in here). */
export interface AuditLookups {
  appointment(id: string): AppointmentFacts | null;
  calendar(id: string): CalendarFacts | null;
  user(id: string): UserFacts | null;
}

type Data = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The last answers of `when`: an appointment's later events tell its time again. */
const told = new Map<string, string>();
const TOLD_KEPT = 10_000;

const when = (instant: string, zone: string): string => {
  const key = `${zone}|${instant}`;
  let text = told.get(key);
  if (text === undefined) {
    text = formatWhen(instant, zone);
    if (told.size >= TOLD_KEPT) told.clear();
    told.set(key, text);
  }
  return text;
};

const formatWhen = (instant: string, zone: string): string => {
  const at = DateTime.fromISO(instant, { zone: zone || 'UTC' });
  if (!at.isValid || at.zone.type !== 'iana') {
    return at.toFormat("ccc, LLL d, yyyy 'at' h:mm a ZZZZ");
  }
  return `${at.toFormat("ccc, LLL d, yyyy 'at' h:mm a")} ${shortZoneName(at)}`;
};

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * Luxon's ZZZZ (the zone's short name then, like EST), with the same Intl options and locale, but
 * from one formatter per zone: luxon makes a new Intl.DateTimeFormat for every date it formats,
 * and that was most of a replay's time telling appointments.
 */
function shortZoneName(at: DateTime): string {
  const key = `${at.locale ?? ''}|${at.zoneName ?? ''}`;
  let format = zoneNames.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(at.locale ?? undefined, {
      timeZoneName: 'short',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: at.zoneName ?? undefined,
    });
    zoneNames.set(key, format);
  }
  const name = format
    .formatToParts(at.toJSDate())
    .find((part) => part.type.toLowerCase() === 'timezonename');
  // As luxon, which writes a name it did not find as "null".
  return String(name?.value ?? null);
}

const MEETING_SENTENCES: Readonly<Record<string, (d: Data) => string>> = {
  MeetingParticipantWaiting: (d) => `${str(d.name)} entered the virtual waiting room`,
  MeetingStarted: () => 'Started the video visit',
  MeetingParticipantAdmitted: () => 'Let a participant into the video visit',
  MeetingParticipantJoined: () => 'Joined the video call',
  MeetingParticipantLeft: () => 'Left the video call',
  MeetingParticipantRemoved: () => 'Removed a participant from the video visit',
  MeetingGuestInvited: (d) => `Invited a guest, ${str(d.name)}, to the video visit`,
  MeetingStaffInvited: (d) => `Invited ${str(d.name)} to the video visit`,
  MeetingInvitationRedeemed: () => 'A guest opened their invitation link',
  MeetingChatMessageSent: () => 'Sent a chat message in the video visit',
  MeetingSessionNoteSaved: () => 'Saved the session notes',
  MeetingEnded: () => 'Ended the video visit',
};

const WAITLIST_SENTENCES: Readonly<Record<string, (d: Data) => string>> = {
  WaitlistJoined: () => 'Joined the waiting list',
  WaitlistLeft: (d) =>
    d.reason === 'booked'
      ? 'Left the waiting list with a booking'
      : d.reason === 'removed'
        ? 'Removed from the waiting list'
        : 'Left the waiting list',
  WaitlistOfferMade: () => 'Offered a freed place from the waiting list',
  WaitlistOfferEnded: (d) => `The waiting-list offer ended (${str(d.status) || 'ended'})`,
};

/**
 * The trail's line for an event that touches a practice, or null for one that does not (a
 * patient's own account, a slot's bookkeeping, which the appointment's events already tell).
 */
export function describe(type: string, data: Data, lookups: AuditLookups): AuditLine | null {
  const appointmentLine = (
    appointmentId: string,
    summary: string,
    changes: AuditChange[] = [],
    kind: AuditKind = 'appointment',
  ): AuditLine | null => {
    const facts = lookups.appointment(appointmentId);
    if (!facts) return null;
    return {
      practice_id: facts.practice_id,
      kind,
      summary,
      changes,
      patient_id: facts.patient_id,
      appointment_id: appointmentId,
      calendar_id: facts.calendar_id,
    };
  };

  switch (type) {
    case 'AppointmentBooked': {
      const start = when(str(data.start_date), str(data.time_zone));
      const requested = data.status === 'Pending' ? 'Requested' : 'Booked';
      const visit = str(data.visit_type).toLowerCase();
      const article = /^[aeiou]/.test(visit) ? 'an' : 'a';
      return {
        practice_id: str(data.practice_id),
        kind: 'appointment',
        summary: `${requested} ${article} ${visit} visit on ${start}`,
        changes: [
          { field: 'status', before: null, after: data.status },
          { field: 'start', before: null, after: data.start_date },
          ...(data.insurance ? [{ field: 'insurance', before: null, after: data.insurance }] : []),
          ...(data.payment_id ? [{ field: 'payment', before: null, after: data.payment_id }] : []),
        ],
        patient_id: str(data.patient_id),
        appointment_id: str(data.appointment_id),
        calendar_id: str(data.calendar_id),
      };
    }
    case 'AppointmentStatusChanged':
      return appointmentLine(
        str(data.appointment_id),
        `Changed the status from ${str(data.from)} to ${str(data.status)}`,
        [{ field: 'status', before: data.from, after: data.status }],
      );
    case 'AppointmentCanceled':
      return appointmentLine(
        str(data.appointment_id),
        `Canceled the appointment${data.reason ? ` (reason: ${str(data.reason)})` : ''}`,
        [{ field: 'status', before: data.from, after: 'Canceled' }],
      );
    case 'AppointmentRescheduled': {
      const facts = lookups.appointment(str(data.appointment_id));
      const zone = facts?.time_zone ?? 'UTC';
      return appointmentLine(
        str(data.appointment_id),
        `Moved the appointment from ${when(str(data.from_start), zone)} to ${when(str(data.start_date), zone)}`,
        [{ field: 'start', before: data.from_start, after: data.start_date }],
      );
    }
    case 'VisitReviewed':
      return appointmentLine(
        str(data.appointment_id),
        `Reviewed the visit: ${String(data.rating)} of 5`,
        [{ field: 'rating', before: null, after: data.rating }],
      );
    case 'PatientInvitedToSurvey':
      return appointmentLine(
        str(data.appointment_id),
        'Sent the post-visit survey to the patient',
        [{ field: 'survey_link', before: null, after: data.survey_link }],
      );
    case 'CalendarCreated':
      return {
        practice_id: str(data.practice_id),
        kind: 'calendar',
        summary: `Created the calendar "${str(data.name)}"`,
        changes: [],
        patient_id: null,
        appointment_id: null,
        calendar_id: str(data.calendar_id),
      };
    case 'PracticeRegistered':
      return {
        practice_id: str(data.practice_id),
        kind: 'directory',
        summary: `Registered the practice "${str(data.name)}"`,
        changes: [],
        patient_id: null,
        appointment_id: null,
        calendar_id: null,
      };
    case 'PatientRegisteredAtPractice':
      // The patient's name is joined at read time (patient_name), as for every patient line.
      return {
        practice_id: str(data.practice_id),
        kind: 'staff',
        summary: 'Registered a new patient at the front desk (an account they can claim later)',
        changes: [],
        patient_id: str(data.patient_id),
        appointment_id: null,
        calendar_id: null,
      };
    case 'DirectoryEntryChanged': {
      // The whole form before and after: each field that differs, the name first.
      const before = (data.before ?? {}) as Data;
      const after = (data.after ?? {}) as Data;
      const was = (before.details ?? {}) as Data;
      const now = (after.details ?? {}) as Data;
      const changes: AuditChange[] = [];
      if (before.name !== after.name) {
        changes.push({ field: 'name', before: before.name ?? null, after: after.name ?? null });
      }
      for (const field of [...new Set([...Object.keys(was), ...Object.keys(now)])]) {
        if (JSON.stringify(was[field]) === JSON.stringify(now[field])) continue;
        changes.push({ field, before: was[field] ?? null, after: now[field] ?? null });
      }
      const renamed = before.name !== after.name ? `, now "${str(after.name)}"` : '';
      return {
        practice_id: str(data.practice_id),
        kind: 'directory',
        summary: `Changed the ${str(data.kind) || 'entry'} "${str(before.name)}"${renamed}`,
        changes,
        patient_id: null,
        appointment_id: null,
        calendar_id: null,
      };
    }
    case 'DirectoryEntryRegistered':
      return {
        practice_id: str(data.practice_id),
        kind: 'directory',
        summary: `Registered the ${str(data.kind) || 'entry'} "${str(data.name)}"`,
        changes: [],
        patient_id: null,
        appointment_id: null,
        calendar_id: null,
      };
    case 'UserRegistered':
      if (!data.practice_id) return null;
      return {
        practice_id: str(data.practice_id),
        kind: 'staff',
        summary: `Created the account of ${str(data.first_name)} ${str(data.last_name)} (${str(data.type)})`,
        changes: [],
        patient_id: null,
        appointment_id: null,
        calendar_id: null,
      };
    case 'UserRoleChanged': {
      const before = lookups.user(str(data.user_id));
      const practiceId = str(data.practice_id) || before?.practice_id;
      if (!before || !practiceId) return null;
      return {
        practice_id: practiceId,
        kind: 'staff',
        summary: `Changed the role of ${before.name} from ${before.type} to ${str(data.type)}`,
        changes: [
          { field: 'role', before: before.type, after: data.type },
          ...(before.practice_id !== (data.practice_id ?? null)
            ? [{ field: 'practice', before: before.practice_id, after: data.practice_id ?? null }]
            : []),
        ],
        patient_id: null,
        appointment_id: null,
        calendar_id: null,
      };
    }
    case 'UserDisabled':
    case 'UserEnabled': {
      const user = lookups.user(str(data.user_id));
      if (!user?.practice_id) return null;
      const disabled = type === 'UserDisabled';
      return {
        practice_id: user.practice_id,
        kind: 'staff',
        summary: `${disabled ? 'Disabled' : 'Enabled'} the account of ${user.name}`,
        changes: [{ field: 'disabled', before: !disabled, after: disabled }],
        patient_id: null,
        appointment_id: null,
        calendar_id: null,
      };
    }
    case 'PatientDetailsChanged':
    case 'FamilyMemberChanged': {
      // A practice's trail tells what its own people changed; a patient's own edits are theirs.
      if (!data.practice_id) return null;
      const before = (data.before ?? {}) as Data;
      const after = (data.after ?? {}) as Data;
      const member = type === 'FamilyMemberChanged';
      return {
        practice_id: str(data.practice_id),
        kind: 'patient',
        summary: `Changed the details of ${member ? 'the family member ' : ''}${str(data.name)}`,
        changes: Object.keys(after).map((field) => ({
          field,
          before: before[field] ?? null,
          after: after[field] ?? null,
        })),
        patient_id: str(member ? data.member_id : data.user_id),
        appointment_id: null,
        calendar_id: null,
      };
    }
    case 'AuditTrailRead':
      return {
        practice_id: str(data.practice_id),
        kind: 'audit',
        summary:
          data.scope === 'appointment'
            ? "Viewed an appointment's history"
            : data.scope === 'export'
              ? 'Exported the audit trail'
              : 'Viewed the audit trail',
        changes: [],
        patient_id: data.patient_id ? str(data.patient_id) : null,
        appointment_id: data.appointment_id ? str(data.appointment_id) : null,
        calendar_id: null,
      };
  }
  const change = { type, data };
  if (isCalendarChange(change)) {
    const facts = lookups.calendar(change.data.calendar_id);
    if (!facts) return null;
    return {
      practice_id: facts.practice_id,
      kind: 'calendar',
      ...describeCalendarChange(change.type, data, {
        name: str(facts.settings.name),
        time_zone: str(facts.settings.time_zone) || 'UTC',
      }),
      patient_id: null,
      appointment_id: null,
      calendar_id: change.data.calendar_id,
    };
  }
  const meeting = MEETING_SENTENCES[type];
  if (meeting) return appointmentLine(str(data.appointment_id), meeting(data), [], 'meeting');
  const waitlist = WAITLIST_SENTENCES[type];
  if (waitlist) {
    const calendar = lookups.calendar(str(data.calendar_id));
    const practiceId = str(data.practice_id) || calendar?.practice_id;
    if (!practiceId) return null;
    return {
      practice_id: practiceId,
      kind: 'waitlist',
      summary: waitlist(data),
      // A removal's reason, as the practice gave it.
      changes: data.note ? [{ field: 'reason', before: null, after: str(data.note) }] : [],
      patient_id: data.patient_id ? str(data.patient_id) : null,
      appointment_id: null,
      calendar_id: str(data.calendar_id),
    };
  }
  return null;
}
