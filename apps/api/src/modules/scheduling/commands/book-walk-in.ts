import { BOOKING_MESSAGES, type BookingResult, type WalkInDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { CalendarStates } from '../calendar-states';
import { appointmentDecider } from '../domain/appointment.decider';
import { appointmentStreamId } from '../domain/appointment.events';
import { decideWalkIn } from '../domain/booking';
import { SchedulingReader } from '../queries/scheduling-reader';
import { bookingResult } from './book-appointment';

/** A walk-in: an appointment that starts now, outside the slots, for the provider's queue. */
export class BookWalkInCommand extends Command<BookingResult> {
  constructor(
    readonly caller: Principal,
    readonly dto: WalkInDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(BookWalkInCommand)
export class BookWalkInHandler implements ICommandHandler<BookWalkInCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly calendars: CalendarStates,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, dto, context }: BookWalkInCommand): Promise<BookingResult> {
    const patientId = dto.patient_id ?? caller.userId;
    await this.policy.assertMayBookFor(caller, patientId, () =>
      this.reader.calendarPractice(dto.calendar_id),
    );
    const commandId = dto.command_id ?? null;
    const appointmentId = entityIdFor(commandId);
    return this.pipeline.run({
      commandId,
      context: { ...context, onBehalfOf: patientId === caller.userId ? null : patientId },
      busy: BOOKING_MESSAGES.unableToBook,
      read: [
        stream(appointmentStreamId(appointmentId), appointmentDecider),
        this.calendars.stream(dto.calendar_id),
      ],
      decide: ([appointment, calendar]) => ({
        append: [
          {
            streamId: appointment.streamId,
            events: decideWalkIn(
              {
                appointmentId,
                calendarId: dto.calendar_id,
                patientId,
                bookedBy: caller.userId,
                reason: dto.reason?.trim() || null,
                now: this.clock.now(),
              },
              { appointment: appointment.state, calendar: calendar.state },
            ),
          },
        ],
      }),
      answer: (committed) => bookingResult(appointmentId, committed),
    });
  }
}
