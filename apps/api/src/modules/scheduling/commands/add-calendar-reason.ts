import type { CommandAccepted, CalendarReasonDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { calendarReasonFrom } from '../domain/calendar.events';
import { CalendarChanges } from './calendar-changes';

/** Offers a visit reason on the calendar, with its week_time_frame and immediate check-in. */
export class AddCalendarReasonCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: CalendarReasonDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AddCalendarReasonCommand)
export class AddCalendarReasonHandler implements ICommandHandler<AddCalendarReasonCommand> {
  constructor(private readonly calendars: CalendarChanges) {}

  execute({
    caller,
    calendarId,
    dto,
    context,
  }: AddCalendarReasonCommand): Promise<CommandAccepted> {
    return this.calendars.change(caller, calendarId, context, (now) => ({
      type: 'AddCalendarReason',
      reason: calendarReasonFrom(dto),
      now,
    }));
  }
}
