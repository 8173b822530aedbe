import { Injectable } from '@nestjs/common';
import { stream, type StreamSpec } from '../../infra/event-sourcing/command-pipeline';
import { FoldedStates } from '../../infra/event-sourcing/folded-states';
import { calendarDecider } from './domain/calendar.decider';
import { type CalendarState, calendarStreamId } from './domain/calendar.events';

/**
 * Calendars as folded by earlier commands and reads of this process, one cache for the whole
 * app: every booking decides on its calendar, whose history of settings and blocks only grows,
 * so only the events after the state remembered are read.
 */
@Injectable()
export class CalendarStates {
  private readonly folded = new FoldedStates<CalendarState>();

  /** The calendar's stream, to read from the state remembered. */
  stream(calendarId: string): StreamSpec<CalendarState> {
    return stream(calendarStreamId(calendarId), calendarDecider, this.folded);
  }
}
