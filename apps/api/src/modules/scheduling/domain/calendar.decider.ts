import type { Decider } from '../../../domain/decider';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import {
  type CalendarEvent,
  type CalendarReason,
  type CalendarSettings,
  type CalendarState,
  evolveCalendar,
  initialCalendarState,
  type MarkedTimeSpan,
  withCalendarDefaults,
} from './calendar.events';

export const CALENDAR_NOT_FOUND = 'This calendar does not exist.';
export const CALENDAR_EXISTS = 'This calendar already exists.';
export const CALENDAR_HOURS_INVALID = 'The last hour must come after the first hour.';
export const CALENDAR_OWNER_REQUIRED = 'A calendar belongs to a provider or to a resource.';
export const CALENDAR_CAPACITY_INVALID =
  'The booking capacity per slot must be a whole number from 1 to 500.';
export const FACILITY_NOT_REGISTERED = 'This facility is not registered.';
export const FACILITY_OF_ANOTHER_PRACTICE = 'This facility belongs to another practice.';
export const CALENDAR_ZONE_NOT_FACILITY = "A calendar's time zone must be its facility's.";
export const PROVIDER_NOT_REGISTERED = 'This provider is not registered.';
export const PROVIDER_OF_ANOTHER_PRACTICE = 'This provider belongs to another practice.';
export const RESOURCE_NOT_REGISTERED = 'This resource is not registered.';
export const RESOURCE_OF_ANOTHER_PRACTICE = 'This resource belongs to another practice.';
export const CALENDAR_PLACE_FIXED =
  "A calendar's facility, provider, resource and time zone are set when it is created.";
export const CALENDAR_STEP_INVALID =
  'The time step must divide the hours from the first to the last hour evenly.';
export const CALENDAR_DATES_INVALID = 'The last date must not come before the first date.';
export const CALENDAR_WORKING_DAYS_INVALID =
  'A calendar needs at least one working day, each from 1 (Monday) to 7 (Sunday), listed once.';
export const CALENDAR_NAME_REQUIRED = 'A calendar needs a name.';
export const BLOCK_SPAN_INVALID = 'A blocked time span must end after it starts.';
export const BLOCK_SPAN_EXISTS = 'This time span is already blocked.';
export const BLOCK_SPAN_NOT_FOUND = 'This time span is not blocked.';
export const REASON_ALREADY_OFFERED = 'This calendar already offers this visit reason.';
export const REASON_NOT_OFFERED = 'This calendar does not offer this visit reason.';
export const WEEK_TIME_FRAME_INVALID =
  'A week time frame is a number of weeks, or a first and a last week with the last after the first.';
export const MAX_BOOKING_CAPACITY = 500;
export const MAX_MARKED_TIME_SPANS = 500;

/** Fixed at creation: they were checked against the directory then. */
const FIXED_FIELDS = [
  'calendar_id',
  'practice_id',
  'facility_id',
  'provider_id',
  'resource_id',
  'time_zone',
] as const;

/** What the directory says of a calendar's facility and its provider or resource. */
export interface CalendarDirectory {
  /** The registered facility; null when its id names none. */
  readonly facility: { readonly practice_id: string; readonly time_zone: string } | null;
  /** The registered provider or resource the calendar is for; null when its id names none. */
  readonly owner: { readonly practice_id: string } | null;
}

export type CalendarCommand =
  | { type: 'CreateCalendar'; settings: CalendarSettings; directory: CalendarDirectory; now: Date }
  | { type: 'ChangeCalendarSettings'; changes: Partial<CalendarSettings>; now: Date }
  /** Blocks a span of time: no slot overlapping it is offered. */
  | { type: 'BlockTimeSpan'; span: MarkedTimeSpan; now: Date }
  /** Opens a blocked span again. */
  | { type: 'UnblockTimeSpan'; span: MarkedTimeSpan; now: Date }
  | { type: 'AddCalendarReason'; reason: CalendarReason; now: Date }
  /** New rules for a reason the calendar offers (what is left out is cleared). */
  | { type: 'ChangeCalendarReason'; reason: CalendarReason; now: Date }
  | { type: 'RemoveCalendarReason'; title: string; now: Date };

const sameInstant = (a: string, b: string): boolean => Date.parse(a) === Date.parse(b);
const sameSpan = (a: MarkedTimeSpan, b: MarkedTimeSpan): boolean =>
  sameInstant(a.start, b.start) && sameInstant(a.end, b.end);

function checkSpan(span: MarkedTimeSpan): void {
  const start = Date.parse(span.start);
  const end = Date.parse(span.end);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) {
    throw new DomainError('invalid', BLOCK_SPAN_INVALID);
  }
}

function checkReason(reason: CalendarReason): void {
  const frame = reason.week_time_frame;
  if (!frame || frame.length === 0) return;
  const whole = frame.every((n) => Number.isInteger(n) && n >= 0 && n <= 104);
  const [first, second] = frame;
  const valid = whole && frame.length <= 2 && (second === undefined ? first! > 0 : second > first!);
  if (!valid) throw new DomainError('invalid', WEEK_TIME_FRAME_INVALID);
}

/** A reason's rules as stored: title trimmed, unset rules left out. */
function reasonOf(reason: CalendarReason): CalendarReason {
  return {
    title: reason.title.trim(),
    ...(reason.week_time_frame?.length ? { week_time_frame: [...reason.week_time_frame] } : {}),
    ...(reason.allow_immediate_checkin ? { allow_immediate_checkin: true } : {}),
  };
}

/** The reasons with one title's rules set (or removed with null): `reasons` and its rules in step. */
function withReason(
  settings: CalendarSettings,
  title: string,
  rules: CalendarReason | null,
): Partial<CalendarSettings> {
  const titles = settings.reasons ?? [];
  const others = (settings.associated_reasons ?? []).filter((r) => r.title !== title);
  return {
    reasons: rules
      ? titles.includes(title)
        ? titles
        : [...titles, title]
      : titles.filter((t) => t !== title),
    associated_reasons: rules ? [...others, rules] : others,
  };
}

function check(settings: CalendarSettings): void {
  if (!settings.name.trim()) throw new DomainError('invalid', CALENDAR_NAME_REQUIRED);
  if (settings.last_hour <= settings.first_hour)
    throw new DomainError('invalid', CALENDAR_HOURS_INVALID);
  if (((settings.last_hour - settings.first_hour) * 60) % settings.time_step !== 0) {
    throw new DomainError('invalid', CALENDAR_STEP_INVALID);
  }
  if (settings.date_to && settings.date_to < settings.date_from) {
    throw new DomainError('invalid', CALENDAR_DATES_INVALID);
  }
  const days = settings.working_days;
  if (
    days.length === 0 ||
    new Set(days).size !== days.length ||
    days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)
  ) {
    throw new DomainError('invalid', CALENDAR_WORKING_DAYS_INVALID);
  }
  settings.marked_time_spans.forEach(checkSpan);
  if (!settings.provider_id === !settings.resource_id) {
    throw new DomainError('invalid', CALENDAR_OWNER_REQUIRED);
  }
  const capacity = settings.booking_capacity;
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_BOOKING_CAPACITY) {
    throw new DomainError('invalid', CALENDAR_CAPACITY_INVALID);
  }
}

/** A calendar names a facility, and a provider or resource, registered with its own practice. */
function checkDirectory(settings: CalendarSettings, directory: CalendarDirectory): void {
  const { facility, owner } = directory;
  if (!facility) throw new NotFoundError(FACILITY_NOT_REGISTERED);
  if (facility.practice_id !== settings.practice_id) {
    throw new DomainError('invalid', FACILITY_OF_ANOTHER_PRACTICE);
  }
  if (facility.time_zone !== settings.time_zone) {
    throw new DomainError('invalid', CALENDAR_ZONE_NOT_FACILITY);
  }
  const isProvider = !!settings.provider_id;
  if (!owner) {
    throw new NotFoundError(isProvider ? PROVIDER_NOT_REGISTERED : RESOURCE_NOT_REGISTERED);
  }
  if (owner.practice_id !== settings.practice_id) {
    throw new DomainError(
      'invalid',
      isProvider ? PROVIDER_OF_ANOTHER_PRACTICE : RESOURCE_OF_ANOTHER_PRACTICE,
    );
  }
}

export function decideCalendar(command: CalendarCommand, state: CalendarState): CalendarEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'CreateCalendar':
      if (state.settings) throw new ConflictError(CALENDAR_EXISTS);
      check(command.settings);
      checkDirectory(command.settings, command.directory);
      return [{ type: 'CalendarCreated', data: { ...command.settings, created_at: at } }];
    case 'ChangeCalendarSettings': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
      if (FIXED_FIELDS.some((field) => field in command.changes)) {
        throw new DomainError('invalid', CALENDAR_PLACE_FIXED);
      }
      return changed(state.settings, command.changes, at);
    }
    case 'BlockTimeSpan': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
      checkSpan(command.span);
      const spans = state.settings.marked_time_spans;
      if (spans.some((s) => sameSpan(s, command.span))) throw new ConflictError(BLOCK_SPAN_EXISTS);
      if (spans.length >= MAX_MARKED_TIME_SPANS) {
        throw new DomainError(
          'invalid',
          `A calendar has at most ${MAX_MARKED_TIME_SPANS} blocked spans.`,
        );
      }
      const span = { start: command.span.start, end: command.span.end };
      return changed(state.settings, { marked_time_spans: [...spans, span] }, at);
    }
    case 'UnblockTimeSpan': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const spans = state.settings.marked_time_spans;
      const kept = spans.filter((s) => !sameSpan(s, command.span));
      if (kept.length === spans.length) throw new NotFoundError(BLOCK_SPAN_NOT_FOUND);
      return changed(state.settings, { marked_time_spans: kept }, at);
    }
    case 'AddCalendarReason': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const reason = reasonOf(command.reason);
      checkReason(reason);
      if (state.settings.reasons?.includes(reason.title)) {
        throw new ConflictError(REASON_ALREADY_OFFERED);
      }
      return changed(state.settings, withReason(state.settings, reason.title, reason), at);
    }
    case 'ChangeCalendarReason': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const reason = reasonOf(command.reason);
      if (!state.settings.reasons?.includes(reason.title)) {
        throw new NotFoundError(REASON_NOT_OFFERED);
      }
      checkReason(reason);
      return changed(state.settings, withReason(state.settings, reason.title, reason), at);
    }
    case 'RemoveCalendarReason': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const title = command.title.trim();
      if (!state.settings.reasons?.includes(title)) throw new NotFoundError(REASON_NOT_OFFERED);
      return changed(state.settings, withReason(state.settings, title, null), at);
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/**
 * One CalendarSettingsChanged with only the fields whose value differs; a change that changes
 * nothing records nothing (the answer is where the stream stands).
 */
function changed(
  settings: CalendarSettings,
  requested: Partial<CalendarSettings>,
  at: string,
): CalendarEvent[] {
  const current = withCalendarDefaults(settings) as unknown as Record<string, unknown>;
  const pruned: Partial<CalendarSettings> =
    requested.reasons && !requested.associated_reasons
      ? {
          ...requested,
          associated_reasons: (settings.associated_reasons ?? []).filter((r) =>
            requested.reasons!.includes(r.title),
          ),
        }
      : requested;
  const changes = Object.fromEntries(
    Object.entries(pruned).filter(
      ([field, value]) => JSON.stringify(current[field]) !== JSON.stringify(value),
    ),
  ) as Partial<CalendarSettings>;
  check({ ...settings, ...changes });
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'CalendarSettingsChanged',
      data: { calendar_id: settings.calendar_id, changes, changed_at: at },
    },
  ];
}

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: initialCalendarState,
  decide: decideCalendar,
  evolve: evolveCalendar,
};
