import {
  blockedSpanProblem,
  CALENDAR_TIME_STEPS,
  type CalendarView,
  capacityProblem,
  datesProblem,
  hoursProblem,
  type MarkedTimeSpan,
  timeStepProblem,
  VALIDATION_MESSAGES,
  weekTimeFrameProblem,
  workingDaysProblem,
} from '@medbook/contracts';
import { DateTime } from 'luxon';

/** The editor's fields as typed (numbers as text until checked). */
export interface CalendarForm {
  readonly name: string;
  readonly first_hour: string;
  readonly last_hour: string;
  readonly time_step: string;
  readonly booking_capacity: string;
  readonly date_from: string;
  readonly date_to: string;
  readonly working_days: readonly number[];
  readonly minutes_before_showing_slots: string;
  readonly slots_hide_hours: string;
  readonly online_booking_disabled: boolean;
  readonly accept_reject_enabled: boolean;
  readonly wait_list_enabled: boolean;
  readonly can_check_in: boolean;
  /** The patient's check-in window around the start, in minutes. */
  readonly check_in_opens_minutes_before: string;
  readonly check_in_closes_minutes_after: string;
  /** Comma-separated form ids. */
  readonly custom_form_ids: string;
  readonly collect_patient_demographics: boolean;
  readonly enable_insurance: boolean;
  readonly enable_insurance_eligibility: boolean;
}

export type CalendarFormErrors = Partial<Record<keyof CalendarForm, string>>;

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
    first_hour: String(calendar.first_hour),
    last_hour: String(calendar.last_hour),
    time_step: String(calendar.time_step),
    booking_capacity: String(calendar.booking_capacity),
    date_from: calendar.date_from,
    date_to: calendar.date_to ?? '',
    working_days: calendar.working_days,
    minutes_before_showing_slots: String(calendar.minutes_before_showing_slots),
    slots_hide_hours: String(calendar.slots_hide_hours),
    online_booking_disabled: calendar.online_booking_disabled,
    accept_reject_enabled: calendar.accept_reject_enabled,
    wait_list_enabled: calendar.wait_list_enabled,
    can_check_in: calendar.can_check_in,
    check_in_opens_minutes_before: String(calendar.check_in_opens_minutes_before),
    check_in_closes_minutes_after: String(calendar.check_in_closes_minutes_after),
    custom_form_ids: calendar.custom_form_ids.join(', '),
    collect_patient_demographics: calendar.collect_patient_demographics,
    enable_insurance: calendar.enable_insurance,
    enable_insurance_eligibility: calendar.enable_insurance_eligibility,
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
  const first = wholeIn(form.first_hour, 0, 23);
  const last = wholeIn(form.last_hour, 1, 24);
  const step = Number(form.time_step);
  if (first === null) errors.first_hour = form.first_hour.trim() ? m.invalid : m.required;
  if (last === null) errors.last_hour = form.last_hour.trim() ? m.invalid : m.required;
  if (!CALENDAR_TIME_STEPS.includes(step)) errors.time_step = m.invalid;
  if (first !== null && last !== null) {
    note('last_hour', hoursProblem(first, last));
    if (!errors.last_hour && !errors.time_step) {
      note('time_step', timeStepProblem(first, last, step));
    }
  }
  note('booking_capacity', capacityProblem(whole(form.booking_capacity)));
  if (!DAY.test(form.date_from) || !DateTime.fromISO(form.date_from).isValid) {
    errors.date_from = form.date_from ? 'Invalid Date' : m.required;
  }
  if (form.date_to) {
    if (!DAY.test(form.date_to) || !DateTime.fromISO(form.date_to).isValid) {
      errors.date_to = 'Invalid Date';
    } else if (!errors.date_from) note('date_to', datesProblem(form.date_from, form.date_to));
  }
  note('working_days', workingDaysProblem(form.working_days));
  if (wholeIn(form.minutes_before_showing_slots, 0, 10_080) === null) {
    errors.minutes_before_showing_slots = m.invalid;
  }
  if (wholeIn(form.slots_hide_hours, 0, 8_760) === null) errors.slots_hide_hours = m.invalid;
  for (const field of ['check_in_opens_minutes_before', 'check_in_closes_minutes_after'] as const) {
    if (wholeIn(form[field], 0, 1_440) === null) errors[field] = m.invalid;
  }
  const forms = formIds(form.custom_form_ids);
  if (forms.length > 20 || forms.some((id) => id.length > 100)) errors.custom_form_ids = m.invalid;
  return errors;
}

const formIds = (text: string): string[] =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The form as the API's settings (numbers as numbers, an empty end date left out). */
export function settingsOf(form: CalendarForm): Record<string, unknown> {
  return {
    name: form.name.trim(),
    first_hour: Number(form.first_hour),
    last_hour: Number(form.last_hour),
    time_step: Number(form.time_step),
    booking_capacity: Number(form.booking_capacity),
    date_from: form.date_from,
    ...(form.date_to ? { date_to: form.date_to } : {}),
    working_days: [...form.working_days].sort(),
    minutes_before_showing_slots: Number(form.minutes_before_showing_slots),
    slots_hide_hours: Number(form.slots_hide_hours),
    online_booking_disabled: form.online_booking_disabled,
    accept_reject_enabled: form.accept_reject_enabled,
    wait_list_enabled: form.wait_list_enabled,
    can_check_in: form.can_check_in,
    check_in_opens_minutes_before: Number(form.check_in_opens_minutes_before),
    check_in_closes_minutes_after: Number(form.check_in_closes_minutes_after),
    custom_form_ids: formIds(form.custom_form_ids),
    collect_patient_demographics: form.collect_patient_demographics,
    enable_insurance: form.enable_insurance,
    enable_insurance_eligibility: form.enable_insurance_eligibility,
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

/** A span in the facility's own time, e.g. "Mon, Mar 9, 9:00 AM – 11:00 AM". */
export function spanLabel(span: MarkedTimeSpan, zone: string): string {
  const from = DateTime.fromISO(span.start, { zone });
  const to = DateTime.fromISO(span.end, { zone });
  const sameDay = from.hasSame(to, 'day');
  return `${from.toFormat('EEE, MMM d, h:mm a')} – ${to.toFormat(sameDay ? 'h:mm a' : 'EEE, MMM d, h:mm a')}`;
}
