import type { CommandAccepted, CalendarReasonDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { calendarReasonFrom } from '../domain/calendar.events';
import { CalendarChanges } from './calendar-changes';

/** New rules for a reason the calendar offers, named by its title. */
export class ChangeCalendarReasonCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: CalendarReasonDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeCalendarReasonCommand)
export class ChangeCalendarReasonHandler implements ICommandHandler<ChangeCalendarReasonCommand> {
  constructor(private readonly calendars: CalendarChanges) {}

  execute({
    caller,
    calendarId,
    dto,
    context,
  }: ChangeCalendarReasonCommand): Promise<CommandAccepted> {
    return this.calendars.change(caller, calendarId, context, (now) => ({
      type: 'ChangeCalendarReason',
      reason: calendarReasonFrom(dto),
      now,
    }));
  }
}
