import type { Decider } from '../../../infra/event-sourcing/decider';
import { ConflictError, DomainError, NotFoundError } from '../../../infra/http/domain-error';
import {
  type CalendarEvent,
  type CalendarSettings,
  type CalendarState,
  evolveCalendar,
  initialCalendarState,
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
export const MAX_BOOKING_CAPACITY = 500;

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
  | { type: 'ChangeCalendarSettings'; changes: Partial<CalendarSettings>; now: Date };

function check(settings: CalendarSettings): void {
  if (settings.last_hour <= settings.first_hour) throw new DomainError(400, CALENDAR_HOURS_INVALID);
  if (!settings.provider_id === !settings.resource_id) {
    throw new DomainError(400, CALENDAR_OWNER_REQUIRED);
  }
  const capacity = settings.booking_capacity;
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_BOOKING_CAPACITY) {
    throw new DomainError(400, CALENDAR_CAPACITY_INVALID);
  }
}

/** A calendar names a facility, and a provider or resource, registered with its own practice. */
function checkDirectory(settings: CalendarSettings, directory: CalendarDirectory): void {
  const { facility, owner } = directory;
  if (!facility) throw new NotFoundError(FACILITY_NOT_REGISTERED);
  if (facility.practice_id !== settings.practice_id) {
    throw new DomainError(400, FACILITY_OF_ANOTHER_PRACTICE);
  }
  if (facility.time_zone !== settings.time_zone) {
    throw new DomainError(400, CALENDAR_ZONE_NOT_FACILITY);
  }
  const isProvider = !!settings.provider_id;
  if (!owner) {
    throw new NotFoundError(isProvider ? PROVIDER_NOT_REGISTERED : RESOURCE_NOT_REGISTERED);
  }
  if (owner.practice_id !== settings.practice_id) {
    throw new DomainError(
      400,
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
        throw new DomainError(400, CALENDAR_PLACE_FIXED);
      }
      check({ ...state.settings, ...command.changes });
      return [
        {
          type: 'CalendarSettingsChanged',
          data: {
            calendar_id: state.settings.calendar_id,
            changes: command.changes,
            changed_at: at,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: initialCalendarState,
  decide: decideCalendar,
  evolve: evolveCalendar,
};
