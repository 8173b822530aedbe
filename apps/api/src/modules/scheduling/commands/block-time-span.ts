import type { CommandAccepted, MarkedTimeSpanDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { CalendarChanges } from './calendar-changes';

/** Blocks a span of time: no slot overlapping it is offered; booked visits in it are flagged. */
export class BlockTimeSpanCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: MarkedTimeSpanDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(BlockTimeSpanCommand)
export class BlockTimeSpanHandler implements ICommandHandler<BlockTimeSpanCommand> {
  constructor(private readonly calendars: CalendarChanges) {}

  execute({ caller, calendarId, dto, context }: BlockTimeSpanCommand): Promise<CommandAccepted> {
    return this.calendars.change(caller, calendarId, context, (now) => ({
      type: 'BlockTimeSpan',
      span: { start: dto.start, end: dto.end },
      now,
    }));
  }
}
