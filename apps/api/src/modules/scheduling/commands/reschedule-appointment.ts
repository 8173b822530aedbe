import {
  BOOKING_MESSAGES,
  type BookingResult,
  type RescheduleAppointmentDto,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { CalendarStates } from '../calendar-states';
import { appointmentDecider } from '../domain/appointment.decider';
import { appointmentStreamId } from '../domain/appointment.events';
import { rescheduleSlot, settingsOf } from '../domain/booking';
import { slotDecider } from '../domain/slot.decider';
import { slotStreamId } from '../domain/slot.events';
import { assertUnchangedSince, reachable } from './appointment-changes';

/** Moves a visit: old slot released and new slot taken with the appointment's change, at once. */
export class RescheduleAppointmentCommand extends Command<BookingResult> {
  constructor(
    readonly caller: Principal,
    readonly appointmentId: string,
    readonly dto: RescheduleAppointmentDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RescheduleAppointmentCommand)
export class RescheduleAppointmentHandler implements ICommandHandler<RescheduleAppointmentCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly calendars: CalendarStates,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ caller, appointmentId, dto, context }: RescheduleAppointmentCommand) {
    let status: BookingResult['status'] | null = null;
    return this.pipeline.run({
      commandId: null,
      context,
      busy: BOOKING_MESSAGES.unableToBook,
      read: [stream(appointmentStreamId(appointmentId), appointmentDecider)],
      // The calendar is named by the appointment, and the new slot by the calendar's schedule.
      decide: async ([appointment], readMore) => {
        const details = await reachable(this.policy, caller, 'reach', appointment);
        status = details.status;
        assertUnchangedSince(appointment, dto.expected_revision ?? null);
        const [calendar] = await readMore([this.calendars.stream(details.calendar_id)]);
        const settings = settingsOf(calendar.state);
        const now = this.clock.now();
        const slot = rescheduleSlot(settings, details, dto.start_date, now);
        const moved = appointmentDecider.decide(
          {
            type: 'RescheduleAppointment',
            start: slot.start,
            end: slot.end,
            by: caller.userId,
            now,
          },
          appointment.state,
        );
        const [oldSlot, newSlot] = await readMore([
          stream(slotStreamId(settings.calendar_id, details.start_date), slotDecider),
          stream(slotStreamId(settings.calendar_id, slot.start), slotDecider),
        ]);
        const ref = { calendarId: settings.calendar_id, capacity: settings.booking_capacity, now };
        const released = slotDecider.decide(
          { ...ref, type: 'CancelSlotBooking', start: details.start_date, appointmentId },
          oldSlot.state,
        );
        const taken = slotDecider.decide(
          {
            ...ref,
            type: 'BookSlot',
            start: slot.start,
            appointmentId,
            patientId: details.patient_id,
            holdId: null,
          },
          newSlot.state,
        );
        return {
          append: [
            { streamId: appointment.streamId, events: moved },
            { streamId: newSlot.streamId, events: taken },
            { streamId: oldSlot.streamId, events: released },
          ],
          unchanged: [calendar.streamId],
        };
      },
      // Decided in this very attempt: no command id, so no earlier try answers instead.
      answer: (committed): BookingResult => ({
        appointment_id: appointmentId,
        status: status!,
        position: committed.position,
      }),
    });
  }
}
