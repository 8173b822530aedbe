import type { CalendarReasonDto } from '@medbook/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import type { CalendarCommand } from '../domain/calendar.decider';
import { calendarReasonFrom } from '../domain/calendar.events';
import { CalendarChangeCommand, CalendarChangeHandler } from './calendar-changes';

/** New rules for a reason the calendar offers, named by its title. */
export class ChangeCalendarReasonCommand extends CalendarChangeCommand<CalendarReasonDto> {}

@CommandHandler(ChangeCalendarReasonCommand)
export class ChangeCalendarReasonHandler extends CalendarChangeHandler<ChangeCalendarReasonCommand> {
  protected calendarCommand(dto: CalendarReasonDto, now: Date): CalendarCommand {
    return { type: 'ChangeCalendarReason', reason: calendarReasonFrom(dto), now };
  }
}
