import { BOOKING_MESSAGES, type BookAppointmentDto, type BookingResult } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import {
  CommandPipeline,
  type Committed,
  ReadAgain,
  stream,
} from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { BookingExtrasCheck, bookingExtrasOf } from '../booking-extras';
import { CalendarStates } from '../calendar-states';
import { appointmentDecider } from '../domain/appointment.decider';
import { type AppointmentEvent, appointmentStreamId } from '../domain/appointment.events';
import { type BookingExtras, decideBooking, requestedSlotId } from '../domain/booking';
import { SchedulingReader } from '../queries/scheduling-reader';
import { SlotStates } from '../slot-states';

export interface BookingRequest {
  readonly calendarId: string;
  readonly start: string;
  readonly patientId: string;
  readonly bookedBy: string;
  readonly holdId: string | null;
  readonly reason: string | null;
  readonly commandId: string | null;
  /** Book only by consuming this live hold (a waitlist offer), never a free place instead. */
  readonly requireHold: boolean;
  /** Insurance, screenings and visit fee the booking comes with (none for other use cases). */
  readonly extras?: BookingExtras;
}

/** Books a slot: its slot and its new appointment in one atomic append. */
export class BookAppointmentCommand extends Command<BookingResult> {
  constructor(
    readonly request: BookingRequest,
    /** Whose right to book is checked; null when the use case sending it checked already. */
    readonly caller: Principal | null,
    readonly context: RequestContext,
  ) {
    super();
  }

  /** A patient's or a practice user's booking, for the patient named or themselves. */
  static of(caller: Principal, dto: BookAppointmentDto, context: RequestContext) {
    const patientId = dto.patient_id ?? caller.userId;
    return new BookAppointmentCommand(
      {
        calendarId: dto.calendar_id,
        start: dto.start_date,
        patientId,
        bookedBy: caller.userId,
        holdId: dto.hold_id ?? null,
        reason: dto.reason?.trim() || null,
        commandId: dto.command_id ?? null,
        requireHold: false,
        extras: bookingExtrasOf(dto),
      },
      caller,
      { ...context, onBehalfOf: patientId === caller.userId ? null : patientId },
    );
  }
}

/**
 * Reads the appointment, the calendar and the slot (both from their remembered states) in one
 * round trip; the slot's capacity is the guard, and the calendar must be unchanged when the append
 * commits, so a booking decided on a capacity just lowered is decided again on the new one.
 * A booking without a hold, of a calendar this process knows, first decides without reading: a
 * new appointment, the calendar and the slot as remembered (a new slot when none is). The append's
 * checks prove that guess or refuse it, and only then does the booking read; this saves a round
 * trip on most bookings, as a plain booking server's single conditional UPDATE does.
 */
@CommandHandler(BookAppointmentCommand)
export class BookAppointmentHandler implements ICommandHandler<BookAppointmentCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly calendars: CalendarStates,
    private readonly slots: SlotStates,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    private readonly extrasCheck: BookingExtrasCheck,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ request, caller, context }: BookAppointmentCommand): Promise<BookingResult> {
    if (caller) {
      await this.policy.assertMayBookFor(caller, request.patientId, () =>
        this.reader.calendarPractice(request.calendarId),
      );
    }
    if (request.extras) {
      await this.extrasCheck.assertAllowed({
        caller,
        calendarId: request.calendarId,
        patientId: request.patientId,
        extras: request.extras,
      });
    }
    const appointmentId = entityIdFor(request.commandId);
    const requested = requestedSlotId(request.start);
    const slot = requested ? [this.slots.stream(request.calendarId, requested)] : [];
    const calendar = this.calendars.stream(request.calendarId);
    return this.pipeline.run({
      commandId: request.commandId,
      context,
      busy: BOOKING_MESSAGES.unableToBook,
      read: [stream(appointmentStreamId(appointmentId), appointmentDecider), calendar, ...slot],
      // A hold is made by another command, maybe in another process: guess only on a hold this
      // process saw made (a wrong guess costs a failed append before the read).
      guessFirst:
        requested !== null &&
        calendar.remembered?.get(calendar.streamId) !== undefined &&
        (request.holdId === null
          ? !request.requireHold
          : this.slots.remembersHold(request.calendarId, requested, request.holdId)),
      decide: ([appointment, calendar, slotRead]) => {
        const decided = decideBooking(
          { ...request, appointmentId, now: this.clock.now() },
          {
            appointment: appointment.state,
            calendar: calendar.state,
            slot: slotRead?.state ?? null,
          },
        );
        // The slot already holds this appointment: its booking committed after the reads began
        // (a concurrent retry of this very command). Its answer is there now.
        if (decided.slot.length === 0 || !slotRead) throw new ReadAgain();
        return {
          append: [
            { streamId: slotRead.streamId, events: decided.slot },
            { streamId: appointment.streamId, events: decided.appointment },
          ],
          unchanged: [calendar.streamId],
        };
      },
      answer: (committed) => bookingResult(appointmentId, committed),
    });
  }
}

/** The booking's answer from its events (appended now or by an earlier try). */
export function bookingResult(appointmentId: string, committed: Committed): BookingResult {
  const booked = committed.events.find(
    (e): e is Extract<AppointmentEvent, { type: 'AppointmentBooked' }> =>
      e.type === 'AppointmentBooked',
  );
  return {
    appointment_id: appointmentId,
    status: booked?.data.status ?? 'Scheduled',
    position: committed.position,
  };
}
