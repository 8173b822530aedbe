import type { RemoveCalendarReasonDto } from '@medbook/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import type { CalendarCommand } from '../domain/calendar.decider';
import { CalendarChangeCommand, CalendarChangeHandler } from './calendar-changes';

/** The calendar stops offering a visit reason. */
export class RemoveCalendarReasonCommand extends CalendarChangeCommand<RemoveCalendarReasonDto> {}

@CommandHandler(RemoveCalendarReasonCommand)
export class RemoveCalendarReasonHandler extends CalendarChangeHandler<RemoveCalendarReasonCommand> {
  protected calendarCommand(dto: RemoveCalendarReasonDto, now: Date): CalendarCommand {
    return { type: 'RemoveCalendarReason', title: dto.title, now };
  }
}
