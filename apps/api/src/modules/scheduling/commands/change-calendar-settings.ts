import type { CommandAccepted, UpdateCalendarDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import type { CalendarSettings } from '../domain/calendar.events';
import { CalendarChanges } from './calendar-changes';

/** Changes hours, steps, days, blocks and the booking rules; open week views refetch live. */
export class ChangeCalendarSettingsCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: UpdateCalendarDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeCalendarSettingsCommand)
export class ChangeCalendarSettingsHandler implements ICommandHandler<ChangeCalendarSettingsCommand> {
  constructor(private readonly calendars: CalendarChanges) {}

  execute({ caller, calendarId, dto, context }: ChangeCalendarSettingsCommand) {
    // Only what was sent changes: DTO instances carry every declared field, unset ones undefined.
    const changes = Object.fromEntries(
      Object.entries(dto).filter(([, value]) => value !== undefined),
    ) as Partial<CalendarSettings>;
    return this.calendars.change(caller, calendarId, context, (now) => ({
      type: 'ChangeCalendarSettings',
      changes,
      now,
    }));
  }
}
