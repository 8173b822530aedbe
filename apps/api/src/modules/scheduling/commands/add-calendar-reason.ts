import type { CalendarReasonDto } from '@medbook/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import type { CalendarCommand } from '../domain/calendar.decider';
import { calendarReasonFrom } from '../domain/calendar.events';
import { CalendarChangeCommand, CalendarChangeHandler } from './calendar-changes';

/** Offers a visit reason on the calendar, with its week_time_frame and immediate check-in. */
export class AddCalendarReasonCommand extends CalendarChangeCommand<CalendarReasonDto> {}

@CommandHandler(AddCalendarReasonCommand)
export class AddCalendarReasonHandler extends CalendarChangeHandler<AddCalendarReasonCommand> {
  protected calendarCommand(dto: CalendarReasonDto, now: Date): CalendarCommand {
    return { type: 'AddCalendarReason', reason: calendarReasonFrom(dto), now };
  }
}
