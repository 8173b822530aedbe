import type { AuditChange } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type {
  CalendarChangeType,
  CalendarReason,
  MarkedTimeSpan,
} from '../scheduling/domain/calendar.events';

type Data = Readonly<Record<string, unknown>>;

/** A calendar change as the trail tells it: one sentence, and each field before → after. */
export interface CalendarChangeLine {
  readonly summary: string;
  readonly changes: readonly AuditChange[];
}

const WEEKDAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LABELS: Readonly<Record<string, string>> = {
  minutes_before_showing_slots: 'minutes before a slot is shown',
  slots_hide_hours: 'hours before a slot is hidden',
  online_booking_disabled: 'online booking',
  wait_list_enabled: 'waiting list',
  can_check_in: 'patient check-in',
  accept_reject_enabled: 'accept or reject requests',
  hold_minutes: 'hold minutes',
  custom_form_ids: 'custom forms',
  collect_patient_demographics: 'demographics',
  enable_insurance: 'insurance',
  enable_insurance_eligibility: 'insurance eligibility check',
  check_in_opens_minutes_before: 'check-in opens (minutes before)',
  check_in_closes_minutes_after: 'check-in closes (minutes after)',
};

/** Fields are told in the order a form shows them (stored data keeps no order). */
const FIELD_ORDER = Object.keys(LABELS);
const rank = (field: string): number => {
  const at = FIELD_ORDER.indexOf(field);
  return at < 0 ? FIELD_ORDER.length : at;
};

const list = (value: unknown): string =>
  Array.isArray(value) && value.length ? value.map(String).join(', ') : 'none';
const hour = (value: unknown): string => {
  const minutes = Math.round(Number(value) * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};
const days = (value: unknown): string =>
  Array.isArray(value) ? value.map((d) => WEEKDAYS[Number(d)] ?? String(d)).join(', ') : 'none';

/** "Mon 8:00–12:00, 13:30–17:00; Sat 9:00–12:00", or the single hours when cleared (null). */
const weekly = (value: unknown): string => {
  if (!Array.isArray(value)) return 'the single hours';
  const open = (value as { weekday: number; spans: { start: string; end: string }[] }[]).filter(
    (day) => day.spans.length > 0,
  );
  return open.length
    ? open
        .map(
          (day) =>
            `${WEEKDAYS[day.weekday] ?? day.weekday} ${day.spans.map((s) => `${s.start}–${s.end}`).join(', ')}`,
        )
        .join('; ')
    : 'none';
};

/** A setting's value in words: on/off, lists, none. */
function shown(field: string, value: unknown): string {
  // "online booking: on" reads better than "online booking disabled: false".
  if (field === 'online_booking_disabled') return value ? 'off' : 'on';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) return list(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return value === null || value === undefined ? 'none' : JSON.stringify(value);
}

/** "waiting list off → on, hold minutes 10 → 15" */
const fieldsTold = (changes: readonly AuditChange[]): string =>
  changes
    .map(
      (c) =>
        `${LABELS[c.field] ?? c.field.replaceAll('_', ' ')} ${shown(c.field, c.before)} → ${shown(c.field, c.after)}`,
    )
    .join(', ');

const rulesTold = (reason: CalendarReason | undefined): string => {
  const rules = [
    reason?.week_time_frame?.length ? `weeks ${list(reason.week_time_frame)}` : null,
    reason?.allow_immediate_checkin ? 'immediate check-in' : null,
  ].filter(Boolean);
  return rules.length ? rules.join(', ') : 'no rules';
};

/**
 * The sentence of one fine-grained calendar change, naming the calendar as it was called before
 * the change and telling instants in the calendar's zone.
 */
export function describeCalendarChange(
  type: CalendarChangeType,
  data: Data,
  calendar: { readonly name: string; readonly time_zone: string },
): CalendarChangeLine {
  const before = (data.before ?? {}) as Data;
  const after = (data.after ?? {}) as Data;
  const changes: AuditChange[] = Object.keys(after)
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({
      field,
      before: before[field] ?? null,
      after: after[field],
    }));
  const name = `"${calendar.name}"`;
  const from = (field: string) => before[field];
  const to = (field: string) => after[field];
  const span = data.span as MarkedTimeSpan | undefined;
  const spanTold = span
    ? `${DateTime.fromISO(span.start, { zone: calendar.time_zone }).toFormat("ccc, LLL d, yyyy 'at' h:mm a")} to ${DateTime.fromISO(span.end, { zone: calendar.time_zone }).toFormat("ccc, LLL d, yyyy 'at' h:mm a ZZZZ")}`
    : '';
  const reason = data.reason as CalendarReason | undefined;
  const summary = ((): string => {
    switch (type) {
      case 'CalendarRenamed':
        return `Renamed the calendar ${name} to "${String(to('name'))}"`;
      case 'CalendarVisitTypeChanged':
        return `Changed the visit type of ${name} from ${shown('', from('visit_type'))} to ${shown('', to('visit_type'))}`;
      case 'CalendarHoursChanged':
        return `Changed the hours of ${name} from ${hour(from('first_hour'))}–${hour(from('last_hour'))} to ${hour(to('first_hour'))}–${hour(to('last_hour'))}`;
      case 'CalendarWorkingDaysChanged':
        return `Changed the working days of ${name} from ${days(from('working_days'))} to ${days(to('working_days'))}`;
      case 'CalendarWeeklyHoursChanged':
        return `Changed the weekly hours of ${name} from ${weekly(from('weekly_hours'))} to ${weekly(to('weekly_hours'))}`;
      case 'CalendarDateRangeChanged': {
        const range = (d: Data) =>
          `${shown('', d.date_from)} – ${d.date_to ? shown('', d.date_to) : 'open-ended'}`;
        return `Changed the dates of ${name} from ${range(before)} to ${range(after)}`;
      }
      case 'CalendarTimeStepChanged':
        return `Changed the time step of ${name} from ${shown('', from('time_step'))} to ${shown('', to('time_step'))} minutes`;
      case 'CalendarCapacityChanged':
        return `Changed the capacity of ${name} from ${shown('', from('booking_capacity'))} to ${shown('', to('booking_capacity'))} per slot`;
      case 'CalendarSlotVisibilityChanged':
        return `Changed when ${name} shows its slots: ${fieldsTold(changes)}`;
      case 'CalendarBookingRulesChanged':
        return `Changed the booking rules of ${name}: ${fieldsTold(changes)}`;
      case 'CalendarWizardSettingsChanged':
        return `Changed the booking wizard of ${name}: ${fieldsTold(changes)}`;
      case 'CalendarCheckInWindowChanged': {
        const window = (d: Data) =>
          `${shown('', d.check_in_opens_minutes_before)} minutes before to ${shown('', d.check_in_closes_minutes_after)} minutes after the start`;
        return `Changed the check-in window of ${name} from ${window(before)} to ${window(after)}`;
      }
      case 'CalendarTimeSpanBlocked':
        return `Blocked ${spanTold} on ${name}`;
      case 'CalendarTimeSpanReopened':
        return `Reopened ${spanTold} on ${name}`;
      case 'CalendarVisitReasonAdded':
        return `Added the visit reason "${reason?.title ?? ''}" to ${name} (${rulesTold(reason)})`;
      case 'CalendarVisitReasonChanged': {
        const rules = (from('associated_reasons') as CalendarReason[] | undefined)?.find(
          (r) => r.title === reason?.title,
        );
        return `Changed the visit reason "${reason?.title ?? ''}" on ${name} from ${rulesTold(rules)} to ${rulesTold(reason)}`;
      }
      case 'CalendarVisitReasonRemoved':
        return `Removed the visit reason "${reason?.title ?? ''}" from ${name}`;
      case 'CalendarVisitReasonsReordered':
        return `Reordered the visit reasons of ${name} from ${list(from('reasons'))} to ${list(to('reasons'))}`;
      default: {
        const unknown: never = type;
        return unknown;
      }
    }
  })();
  return { summary, changes };
}
