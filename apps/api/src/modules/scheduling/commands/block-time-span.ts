import type { MarkedTimeSpanDto } from '@medbook/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import type { CalendarCommand } from '../domain/calendar.decider';
import { CalendarChangeCommand, CalendarChangeHandler } from './calendar-changes';

/** Blocks a span of time: no slot overlapping it is offered; booked visits in it are flagged. */
export class BlockTimeSpanCommand extends CalendarChangeCommand<MarkedTimeSpanDto> {}

@CommandHandler(BlockTimeSpanCommand)
export class BlockTimeSpanHandler extends CalendarChangeHandler<BlockTimeSpanCommand> {
  protected calendarCommand(dto: MarkedTimeSpanDto, now: Date): CalendarCommand {
    return { type: 'BlockTimeSpan', span: { start: dto.start, end: dto.end }, now };
  }
}
