import { BOOKING_MESSAGES, type HoldSlotDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { CalendarStates } from '../calendar-states';
import { settingsOf } from '../domain/booking';
import { slotId } from '@medbook/contracts';
import { type SlotCommand, slotDecider } from '../domain/slot.decider';
import { slotStreamId } from '../domain/slot.events';
import { SchedulingReader } from '../queries/scheduling-reader';

export interface HoldEnd {
  readonly calendarId: string;
  readonly start: string;
  readonly holdId: string;
  /** Released by its patient, or expired (by the scheduler). */
  readonly by: { readonly patientId: string } | 'expiry';
}

/** Where its release stands in the log; null when the hold had ended already. */
export interface HoldEnded {
  readonly position: number | null;
}

/** Ends a hold, at most once either way (booked, released or expired). */
export class EndHoldCommand extends Command<HoldEnded> {
  constructor(
    readonly end: HoldEnd,
    /** Whose right to release is checked; null for the scheduler and checked use cases. */
    readonly caller: Principal | null,
    readonly context: RequestContext,
  ) {
    super();
  }

  /** The patient (or who books for them) gives the held place back. */
  static release(
    caller: Principal,
    calendarId: string,
    holdId: string,
    dto: HoldSlotDto,
    context: RequestContext,
  ): EndHoldCommand {
    const patientId = dto.patient_id ?? caller.userId;
    return new EndHoldCommand(
      { calendarId, start: dto.start_date, holdId, by: { patientId } },
      caller,
      context,
    );
  }
}

@CommandHandler(EndHoldCommand)
export class EndHoldHandler implements ICommandHandler<EndHoldCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly calendars: CalendarStates,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ end, caller, context }: EndHoldCommand): Promise<HoldEnded> {
    const { calendarId, holdId, by } = end;
    if (caller && by !== 'expiry') {
      await this.policy.assertMayBookFor(caller, by.patientId, () =>
        this.reader.calendarPractice(calendarId),
      );
    }
    const start = slotId(end.start);
    return this.pipeline.run({
      commandId: null,
      context,
      busy: BOOKING_MESSAGES.unableToBook,
      read: [
        this.calendars.stream(calendarId),
        stream(slotStreamId(calendarId, start), slotDecider),
      ],
      decide: ([calendar, slot]) => {
        const ref = {
          calendarId,
          start,
          capacity: settingsOf(calendar.state).booking_capacity,
          now: this.clock.now(),
        };
        const command: SlotCommand =
          by === 'expiry'
            ? { ...ref, type: 'ExpireHold', holdId }
            : { ...ref, type: 'ReleaseHold', holdId, patientId: by.patientId };
        const events = slotDecider.decide(command, slot.state);
        return events.length === 0
          ? { append: [], reply: (): HoldEnded => ({ position: null }) }
          : { append: [{ streamId: slot.streamId, events }] };
      },
      answer: (committed): HoldEnded => ({ position: committed.position }),
    });
  }
}
