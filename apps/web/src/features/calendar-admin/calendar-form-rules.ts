import {
  blockedSpanProblem,
  CALENDAR_MESSAGES,
  CALENDAR_TIME_STEPS,
  type CalendarView,
  canonicalWeeklyHours,
  capacityProblem,
  datesProblem,
  type HoursSpan,
  hoursSpanned,
  type MarkedTimeSpan,
  minutesOfDay,
  VALIDATION_MESSAGES,
  weekTimeFrameProblem,
  weeklyHoursProblem,
  type WeeklyHours,
} from '@medbook/contracts';
import type { TFunction } from 'i18next';
import { DateTime } from 'luxon';
import { i18n } from '../../shared/i18n';
import { formatDate } from '../../shared/i18n/dates';

/** One weekday's spans as typed, HH:mm. */
export type DayForm = readonly HoursSpan[];

/** The editor's fields as typed (numbers as text until checked). */
export interface CalendarForm {
  readonly name: string;
  /** Monday first: each weekday's spans of hours (split shifts); none is closed. */
  readonly weekly_hours: readonly DayForm[];
  readonly time_step: string;
  readonly booking_capacity: string;
  readonly date_from: string;
  readonly date_to: string;
  readonly minutes_before_showing_slots: string;
  readonly slots_hide_hours: string;
  readonly online_booking_disabled: boolean;
  readonly accept_reject_enabled: boolean;
  readonly wait_list_enabled: boolean;
  readonly can_check_in: boolean;
  /** The patient's check-in window around the start, in minutes. */
  readonly check_in_opens_minutes_before: string;
  readonly check_in_closes_minutes_after: string;
  /** The custom forms the patient fills in, by id, in order. */
  readonly custom_form_ids: readonly string[];
  readonly collect_patient_demographics: boolean;
  readonly enable_insurance: boolean;
  readonly enable_insurance_eligibility: boolean;
  /** Bookings on the calendar are lab-test appointments. */
  readonly is_lab_test: boolean;
}

export type CalendarFormErrors = Partial<Record<keyof CalendarForm, string>> & {
  /** A weekday's problem, by its index (0 is Monday). */
  readonly days?: Readonly<Record<number, string>>;
};

/** Monday first, as the form's days: each names its texts (`calendarAdmin.weekdays.monday`). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** The form's days as the API's weekly hours: all seven, each day's spans by start. */
export const weeklyHoursOfForm = (days: readonly DayForm[]): WeeklyHours =>
  canonicalWeeklyHours(days.map((spans, index) => ({ weekday: index + 1, spans })));

/** Each weekday's problem with its own spans, as the API would name it; then the week's. */
function hoursProblems(days: readonly DayForm[], step: number) {
  const problems: Record<number, string> = {};
  days.forEach((spans, index) => {
    if (spans.length === 0) return;
    const problem = weeklyHoursProblem([{ weekday: index + 1, spans }], step);
    if (problem) problems[index] = problem;
  });
  const week = days.every((spans) => spans.length === 0)
    ? CALENDAR_MESSAGES.weeklyHoursEmpty
    : null;
  return { problems, week };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A whole number as typed; NaN when it is none. */
const whole = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);
const wholeIn = (text: string, min: number, max: number): number | null => {
  const n = whole(text);
  return n >= min && n <= max ? n : null;
};

export function formOf(calendar: CalendarView): CalendarForm {
  return {
    name: calendar.name,
    weekly_hours: calendar.weekly_hours.map((day) => day.spans),
    time_step: String(calendar.time_step),
    booking_capacity: String(calendar.booking_capacity),
    date_from: calendar.date_from,
    date_to: calendar.date_to ?? '',
    minutes_before_showing_slots: String(calendar.minutes_before_showing_slots),
    slots_hide_hours: String(calendar.slots_hide_hours),
    online_booking_disabled: calendar.online_booking_disabled,
    accept_reject_enabled: calendar.accept_reject_enabled,
    wait_list_enabled: calendar.wait_list_enabled,
    can_check_in: calendar.can_check_in,
    check_in_opens_minutes_before: String(calendar.check_in_opens_minutes_before),
    check_in_closes_minutes_after: String(calendar.check_in_closes_minutes_after),
    custom_form_ids: calendar.custom_form_ids,
    collect_patient_demographics: calendar.collect_patient_demographics,
    enable_insurance: calendar.enable_insurance,
    enable_insurance_eligibility: calendar.enable_insurance_eligibility,
    // Calendars read before the setting existed have none: not a lab test.
    is_lab_test: calendar.is_lab_test ?? false,
  };
}

/**
 * Each field's problem, in the spec's and the API's words (the calendar rules are the API's own
 * checks); empty when the form may be sent.
 */
export function validateCalendarForm(form: CalendarForm): CalendarFormErrors {
  const errors: Record<string, string> = {};
  const note = (field: keyof CalendarForm, problem: string | null) => {
    if (problem) errors[field] = problem;
  };
  const m = VALIDATION_MESSAGES;
  if (!form.name.trim()) errors.name = m.required;
  else if (form.name.trim().length > 100) errors.name = m.length;
  const step = Number(form.time_step);
  if (!CALENDAR_TIME_STEPS.includes(step)) errors.time_step = m.invalid;
  const hours = hoursProblems(form.weekly_hours, CALENDAR_TIME_STEPS.includes(step) ? step : 5);
  if (Object.keys(hours.problems).length > 0) {
    errors.weekly_hours = Object.values(hours.problems)[0]!;
  } else if (hours.week) errors.weekly_hours = hours.week;
  note('booking_capacity', capacityProblem(whole(form.booking_capacity)));
  if (!DAY.test(form.date_from) || !DateTime.fromISO(form.date_from).isValid) {
    errors.date_from = form.date_from ? 'Invalid Date' : m.required;
  }
  if (form.date_to) {
    if (!DAY.test(form.date_to) || !DateTime.fromISO(form.date_to).isValid) {
      errors.date_to = 'Invalid Date';
    } else if (!errors.date_from) note('date_to', datesProblem(form.date_from, form.date_to));
  }
  if (wholeIn(form.minutes_before_showing_slots, 0, 10_080) === null) {
    errors.minutes_before_showing_slots = m.invalid;
  }
  if (wholeIn(form.slots_hide_hours, 0, 8_760) === null) errors.slots_hide_hours = m.invalid;
  for (const field of ['check_in_opens_minutes_before', 'check_in_closes_minutes_after'] as const) {
    if (wholeIn(form[field], 0, 1_440) === null) errors[field] = m.invalid;
  }
  if (form.custom_form_ids.length > 20) errors.custom_form_ids = m.invalid;
  return Object.keys(hours.problems).length > 0 ? { ...errors, days: hours.problems } : errors;
}

/** The form as the API's settings (numbers as numbers, an empty end date left out). */
export function settingsOf(form: CalendarForm): Record<string, unknown> {
  return {
    name: form.name.trim(),
    weekly_hours: weeklyHoursOfForm(form.weekly_hours),
    time_step: Number(form.time_step),
    booking_capacity: Number(form.booking_capacity),
    date_from: form.date_from,
    ...(form.date_to ? { date_to: form.date_to } : {}),
    minutes_before_showing_slots: Number(form.minutes_before_showing_slots),
    slots_hide_hours: Number(form.slots_hide_hours),
    online_booking_disabled: form.online_booking_disabled,
    accept_reject_enabled: form.accept_reject_enabled,
    wait_list_enabled: form.wait_list_enabled,
    can_check_in: form.can_check_in,
    check_in_opens_minutes_before: Number(form.check_in_opens_minutes_before),
    check_in_closes_minutes_after: Number(form.check_in_closes_minutes_after),
    custom_form_ids: [...form.custom_form_ids],
    collect_patient_demographics: form.collect_patient_demographics,
    enable_insurance: form.enable_insurance,
    enable_insurance_eligibility: form.enable_insurance_eligibility,
    is_lab_test: form.is_lab_test,
  };
}

/** Only what the admin changed: the PUT body (the API records nothing for the rest). */
export function changesOf(calendar: CalendarView, form: CalendarForm): Record<string, unknown> {
  const before = settingsOf(formOf(calendar));
  return Object.fromEntries(
    Object.entries(settingsOf(form)).filter(
      ([field, value]) => JSON.stringify(before[field]) !== JSON.stringify(value),
    ),
  );
}

/** A new calendar's settings: the form's, with the single hours its weekly hours span. */
export const createSettingsOf = (form: CalendarForm): Record<string, unknown> => ({
  ...settingsOf(form),
  ...hoursSpanned(weeklyHoursOfForm(form.weekly_hours)),
});

/** "8:00 AM" for 08:00 (24:00 is midnight). */
export function timeLabel(time: string): string {
  const minutes = minutesOfDay(time);
  if (Number.isNaN(minutes)) return time;
  const h = Math.floor(minutes / 60) % 24;
  const m = String(minutes % 60).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A calendar's open days for its list, "Mon Tue Wed · split hours" in the spec's English. */
export function openDaysOf(
  calendar: Pick<CalendarView, 'weekly_hours'>,
  t: TFunction = i18n.t,
): string {
  const open = calendar.weekly_hours.filter((day) => day.spans.length > 0);
  const split = open.some((day) => day.spans.length > 1);
  const days = open
    .map((day) => t(`calendarAdmin.weekdaysShort.${WEEKDAYS[day.weekday - 1]!}`))
    .join(' ');
  return `${days || t('calendarAdmin.closed')}${split ? ` · ${t('calendarAdmin.splitHours')}` : ''}`;
}

/**
 * A span typed as facility-local date-times (YYYY-MM-DDTHH:mm) as UTC instants; an error message
 * when it is incomplete or ends before it starts.
 */
export function blockedSpanOf(
  start: string,
  end: string,
  zone: string,
): { span: MarkedTimeSpan } | { error: string } {
  if (!start || !end) return { error: VALIDATION_MESSAGES.required };
  const from = DateTime.fromISO(start, { zone });
  const to = DateTime.fromISO(end, { zone });
  if (!from.isValid || !to.isValid) return { error: 'Invalid Date' };
  const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;
  const span = { start: iso(from), end: iso(to) };
  const problem = blockedSpanProblem(span);
  return problem ? { error: problem } : { span };
}

/** A week time frame typed as "2" (the next 2 weeks) or "1-3"; empty is none. */
export function weekTimeFrameOf(text: string): { frame: number[] } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { frame: [] };
  const parts = trimmed.split(/\s*-\s*/);
  const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  const problem = weekTimeFrameProblem(numbers);
  return problem ? { error: problem } : { frame: numbers };
}

const SPAN_DAY_TIME = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;

/**
 * A span in the facility's own time, e.g. "Mon, Mar 9, 9:00 AM – 11:00 AM", in the chosen
 * language's words (formatDate).
 */
export function spanLabel(span: MarkedTimeSpan, zone: string): string {
  const from = DateTime.fromISO(span.start, { zone });
  const to = DateTime.fromISO(span.end, { zone });
  const sameDay = from.hasSame(to, 'day');
  const end = sameDay
    ? formatDate(to, 'h:mm a', { hour: 'numeric', minute: '2-digit' })
    : formatDate(to, 'EEE, MMM d, h:mm a', SPAN_DAY_TIME);
  return `${formatDate(from, 'EEE, MMM d, h:mm a', SPAN_DAY_TIME)} – ${end}`;
}
