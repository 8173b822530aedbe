import type { MarkedTimeSpanDto } from '@medbook/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import type { CalendarCommand } from '../domain/calendar.decider';
import { CalendarChangeCommand, CalendarChangeHandler } from './calendar-changes';

/** Opens a blocked span again (the same start and end as blocked): its slots are offered again. */
export class UnblockTimeSpanCommand extends CalendarChangeCommand<MarkedTimeSpanDto> {}

@CommandHandler(UnblockTimeSpanCommand)
export class UnblockTimeSpanHandler extends CalendarChangeHandler<UnblockTimeSpanCommand> {
  protected calendarCommand(dto: MarkedTimeSpanDto, now: Date): CalendarCommand {
    return { type: 'UnblockTimeSpan', span: { start: dto.start, end: dto.end }, now };
  }
}
