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

export type CalendarCommand =
  | { type: 'CreateCalendar'; settings: CalendarSettings; now: Date }
  | { type: 'ChangeCalendarSettings'; changes: Partial<CalendarSettings>; now: Date };

function check(settings: CalendarSettings): void {
  if (settings.last_hour <= settings.first_hour) throw new DomainError(400, CALENDAR_HOURS_INVALID);
  if (!settings.provider_id === !settings.resource_id) {
    throw new DomainError(400, CALENDAR_OWNER_REQUIRED);
  }
}

export function decideCalendar(command: CalendarCommand, state: CalendarState): CalendarEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'CreateCalendar':
      if (state.settings) throw new ConflictError(CALENDAR_EXISTS);
      check(command.settings);
      return [{ type: 'CalendarCreated', data: { ...command.settings, created_at: at } }];
    case 'ChangeCalendarSettings': {
      if (!state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
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
