import type { CommandAccepted, RemoveCalendarReasonDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { CalendarChanges } from './calendar-changes';

/** The calendar stops offering a visit reason. */
export class RemoveCalendarReasonCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: RemoveCalendarReasonDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RemoveCalendarReasonCommand)
export class RemoveCalendarReasonHandler implements ICommandHandler<RemoveCalendarReasonCommand> {
  constructor(private readonly calendars: CalendarChanges) {}

  execute({
    caller,
    calendarId,
    dto,
    context,
  }: RemoveCalendarReasonCommand): Promise<CommandAccepted> {
    return this.calendars.change(caller, calendarId, context, (now) => ({
      type: 'RemoveCalendarReason',
      title: dto.title,
      now,
    }));
  }
}
