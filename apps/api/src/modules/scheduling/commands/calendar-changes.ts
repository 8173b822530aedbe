import type { CommandAccepted } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Command } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { settingsOf } from '../domain/booking';
import { type CalendarCommand, calendarDecider } from '../domain/calendar.decider';
import { calendarStreamId } from '../domain/calendar.events';

/** A change to a calendar by one of its practice's admins (or a super user). */
@Injectable()
export class CalendarChanges {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  change(
    caller: Principal,
    calendarId: string,
    context: RequestContext,
    command: (now: Date) => CalendarCommand,
  ): Promise<CommandAccepted> {
    const streamId = calendarStreamId(calendarId);
    return this.pipeline.run({
      commandId: null,
      context,
      read: [stream(streamId, calendarDecider)],
      decide: ([calendar]) => {
        this.policy.assertMayWorkForPractice(caller, settingsOf(calendar.state).practice_id);
        const events = calendarDecider.decide(command(this.clock.now()), calendar.state);
        return { append: [{ streamId, events }] };
      },
      answer: (committed) => ({ id: calendarId, position: committed.position }),
    });
  }
}

/** What every calendar change carries: who asks, which calendar, what for, and the request. */
export abstract class CalendarChangeCommand<Dto> extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: Dto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Runs a calendar change; each use case only names the calendar command its request asks for. */
@Injectable()
export abstract class CalendarChangeHandler<C extends CalendarChangeCommand<unknown>> {
  constructor(private readonly calendars: CalendarChanges) {}

  protected abstract calendarCommand(dto: C['dto'], now: Date): CalendarCommand;

  execute({ caller, calendarId, dto, context }: C): Promise<CommandAccepted> {
    return this.calendars.change(caller, calendarId, context, (now) =>
      this.calendarCommand(dto, now),
    );
  }
}
