import {
  blockedSpanProblem,
  CALENDAR_MESSAGES,
  canonicalWeeklyHours,
  capacityProblem,
  datesProblem,
  hoursProblem,
  timeStepProblem,
  weekTimeFrameProblem,
  weeklyHoursProblem,
  workingDaysProblem,
} from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import { calendarChangeEvents, sameSpan } from './calendar-change-events';
import {
  type CalendarEvent,
  type CalendarReason,
  type CalendarSettings,
  type CalendarState,
  evolveCalendar,
  FIXED_CALENDAR_FIELDS,
  initialCalendarState,
  type MarkedTimeSpan,
  type WeeklyHours,
} from './calendar.events';

// The route handlers that still name it here; the text is the contracts' CALENDAR_MESSAGES.notFound.
export const CALENDAR_NOT_FOUND = CALENDAR_MESSAGES.notFound;
export const MAX_MARKED_TIME_SPANS = 500;

const m = CALENDAR_MESSAGES;

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

/** Throws the first broken rule's message. */
function refuse(...problems: (() => string | null)[]): void {
  for (const problem of problems) {
    const message = problem();
    if (message) throw new DomainError('invalid', message);
  }
}

const checkSpan = (span: MarkedTimeSpan): void => refuse(() => blockedSpanProblem(span));

const checkReason = (reason: CalendarReason): void =>
  refuse(() => weekTimeFrameProblem(reason.week_time_frame));

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
  const weekly = settings.weekly_hours;
  refuse(
    () => (settings.name.trim() ? null : CALENDAR_MESSAGES.nameRequired),
    () => hoursProblem(settings.first_hour, settings.last_hour),
    // With weekly hours the single hours place no slot: the step must fit the spans instead.
    () =>
      weekly
        ? weeklyHoursProblem(weekly, settings.time_step)
        : timeStepProblem(settings.first_hour, settings.last_hour, settings.time_step),
    () => datesProblem(settings.date_from, settings.date_to),
    () => workingDaysProblem(settings.working_days),
  );
  settings.marked_time_spans.forEach(checkSpan);
  refuse(
    () =>
      !settings.provider_id === !settings.resource_id ? CALENDAR_MESSAGES.ownerRequired : null,
    () => capacityProblem(settings.booking_capacity),
  );
}

/** A calendar names a facility, and a provider or resource, registered with its own practice. */
function checkDirectory(settings: CalendarSettings, directory: CalendarDirectory): void {
  const { facility, owner } = directory;
  if (!facility) throw new NotFoundError(m.facilityNotRegistered);
  if (facility.practice_id !== settings.practice_id) {
    throw new DomainError('invalid', m.facilityOfAnotherPractice);
  }
  if (facility.time_zone !== settings.time_zone) {
    throw new DomainError('invalid', m.zoneNotFacility);
  }
  const isProvider = !!settings.provider_id;
  if (!owner) {
    throw new NotFoundError(isProvider ? m.providerNotRegistered : m.resourceNotRegistered);
  }
  if (owner.practice_id !== settings.practice_id) {
    throw new DomainError(
      'invalid',
      isProvider ? m.providerOfAnotherPractice : m.resourceOfAnotherPractice,
    );
  }
}

export function decideCalendar(command: CalendarCommand, state: CalendarState): CalendarEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'CreateCalendar': {
      if (state.settings) throw new ConflictError(m.exists);
      const settings = command.settings.weekly_hours
        ? { ...command.settings, weekly_hours: ordered(command.settings.weekly_hours) }
        : command.settings;
      check(settings);
      checkDirectory(settings, command.directory);
      return [{ type: 'CalendarCreated', data: { ...settings, created_at: at } }];
    }
    case 'ChangeCalendarSettings': {
      if (!state.settings) throw new NotFoundError(m.notFound);
      if (FIXED_CALENDAR_FIELDS.some((field) => field in command.changes)) {
        throw new DomainError('invalid', m.placeFixed);
      }
      return changed(state.settings, withHoursRule(state.settings, command.changes), at);
    }
    case 'BlockTimeSpan': {
      if (!state.settings) throw new NotFoundError(m.notFound);
      checkSpan(command.span);
      const spans = state.settings.marked_time_spans;
      if (spans.some((s) => sameSpan(s, command.span))) throw new ConflictError(m.spanExists);
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
      if (!state.settings) throw new NotFoundError(m.notFound);
      const spans = state.settings.marked_time_spans;
      const kept = spans.filter((s) => !sameSpan(s, command.span));
      if (kept.length === spans.length) throw new NotFoundError(m.spanNotFound);
      return changed(state.settings, { marked_time_spans: kept }, at);
    }
    case 'AddCalendarReason': {
      if (!state.settings) throw new NotFoundError(m.notFound);
      const reason = reasonOf(command.reason);
      checkReason(reason);
      if (state.settings.reasons?.includes(reason.title)) {
        throw new ConflictError(m.reasonAlreadyOffered);
      }
      return changed(state.settings, withReason(state.settings, reason.title, reason), at);
    }
    case 'ChangeCalendarReason': {
      if (!state.settings) throw new NotFoundError(m.notFound);
      const reason = reasonOf(command.reason);
      if (!state.settings.reasons?.includes(reason.title)) {
        throw new NotFoundError(m.reasonNotOffered);
      }
      checkReason(reason);
      return changed(state.settings, withReason(state.settings, reason.title, reason), at);
    }
    case 'RemoveCalendarReason': {
      if (!state.settings) throw new NotFoundError(m.notFound);
      const title = command.title.trim();
      if (!state.settings.reasons?.includes(title)) throw new NotFoundError(m.reasonNotOffered);
      return changed(state.settings, withReason(state.settings, title, null), at);
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** Weekly hours checked as sent (a weekday twice is refused, not merged), then put in order. */
function ordered(hours: WeeklyHours): WeeklyHours {
  refuse(() => weeklyHoursProblem(hours, 5));
  return canonicalWeeklyHours(hours);
}

const SINGLE_HOURS = ['first_hour', 'last_hour', 'working_days'] as const;

/**
 * Weekly hours as stored (seven days, spans in order); and whichever hours were set last place
 * the slots: changing the single hours of a calendar with weekly hours clears the weekly hours.
 */
function withHoursRule(
  settings: CalendarSettings,
  changes: Partial<CalendarSettings>,
): Partial<CalendarSettings> {
  if (changes.weekly_hours) return { ...changes, weekly_hours: ordered(changes.weekly_hours) };
  if (changes.weekly_hours === null && !settings.weekly_hours) {
    const { weekly_hours: _, ...rest } = changes;
    return rest;
  }
  const singleChanged = SINGLE_HOURS.some(
    (field) =>
      field in changes && JSON.stringify(changes[field]) !== JSON.stringify(settings[field]),
  );
  if (settings.weekly_hours && singleChanged && !('weekly_hours' in changes)) {
    return { ...changes, weekly_hours: null };
  }
  return changes;
}

/**
 * The events of a change, one per kind of fact, with only the fields whose value differs; a
 * change that changes nothing records nothing (the answer is where the stream stands).
 */
function changed(
  settings: CalendarSettings,
  requested: Partial<CalendarSettings>,
  at: string,
): CalendarEvent[] {
  const pruned: Partial<CalendarSettings> =
    requested.reasons && !requested.associated_reasons
      ? {
          ...requested,
          associated_reasons: (settings.associated_reasons ?? []).filter((r) =>
            requested.reasons!.includes(r.title),
          ),
        }
      : requested;
  const { marked_time_spans: spans, ...rest } = pruned;
  // Blocked spans are a set: the same spans in another order block nothing new.
  const changes =
    spans && !sameSpans(spans, settings.marked_time_spans)
      ? { ...rest, marked_time_spans: spans }
      : rest;
  check({ ...settings, ...changes });
  return calendarChangeEvents(settings, changes, at);
}

const sameSpans = (a: readonly MarkedTimeSpan[], b: readonly MarkedTimeSpan[]): boolean =>
  a.length === b.length &&
  a.every((s) => b.some((t) => sameSpan(s, t))) &&
  b.every((t) => a.some((s) => sameSpan(s, t)));

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: initialCalendarState,
  decide: decideCalendar,
  evolve: evolveCalendar,
};
