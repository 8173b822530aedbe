import type { CommandAccepted, MarkedTimeSpanDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { CalendarChanges } from './calendar-changes';

/** Opens a blocked span again (the same start and end as blocked): its slots are offered again. */
export class UnblockTimeSpanCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: MarkedTimeSpanDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(UnblockTimeSpanCommand)
export class UnblockTimeSpanHandler implements ICommandHandler<UnblockTimeSpanCommand> {
  constructor(private readonly calendars: CalendarChanges) {}

  execute({ caller, calendarId, dto, context }: UnblockTimeSpanCommand): Promise<CommandAccepted> {
    return this.calendars.change(caller, calendarId, context, (now) => ({
      type: 'UnblockTimeSpan',
      span: { start: dto.start, end: dto.end },
      now,
    }));
  }
}
