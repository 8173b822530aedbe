import type { CommandAccepted, CreateCalendarDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { type CalendarDirectory, calendarDecider } from '../domain/calendar.decider';
import { calendarSettingsFrom, calendarStreamId } from '../domain/calendar.events';
import { SchedulingReader } from '../queries/scheduling-reader';

/** A practice's new calendar for one of its providers or resources at one of its facilities. */
export class CreateCalendarCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly dto: CreateCalendarDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CreateCalendarCommand)
export class CreateCalendarHandler implements ICommandHandler<CreateCalendarCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, practiceId, dto, context }: CreateCalendarCommand) {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const directory = await this.calendarDirectory(dto);
    const commandId = dto.command_id ?? null;
    // A retried command must address the same calendar: its id derives from the command id.
    const calendarId = entityIdFor(commandId);
    const result = await this.pipeline.decideOn(calendarStreamId(calendarId), calendarDecider, {
      command: {
        type: 'CreateCalendar',
        settings: calendarSettingsFrom({ calendar_id: calendarId, practice_id: practiceId }, dto),
        directory,
        now: this.clock.now(),
      },
      context,
      commandId,
    });
    return { id: calendarId, position: result.position };
  }

  /** The facility and the provider or resource as registered, each read from its own stream. */
  private async calendarDirectory(dto: CreateCalendarDto): Promise<CalendarDirectory> {
    const [facility, owner] = await Promise.all([
      this.reader.directoryEntry('facility', dto.facility_id),
      dto.provider_id
        ? this.reader.directoryEntry('provider', dto.provider_id)
        : dto.resource_id
          ? this.reader.directoryEntry('resource', dto.resource_id)
          : null,
    ]);
    return {
      facility: facility && {
        practice_id: facility.practice_id,
        time_zone: String(facility.details.iana_time_zone),
      },
      owner: owner && { practice_id: owner.practice_id },
    };
  }
}
