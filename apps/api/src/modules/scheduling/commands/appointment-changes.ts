import { type AppointmentStatus, BOOKING_MESSAGES } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import {
  CommandPipeline,
  type Loaded,
  type ReadMore,
  type StreamEvents,
  stream,
} from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { HOLDS_SLOT } from '../domain/appointment-status';
import {
  APPOINTMENT_NOT_FOUND,
  type AppointmentCommand,
  appointmentDecider,
} from '../domain/appointment.decider';
import {
  type AppointmentDetails,
  type AppointmentState,
  appointmentStreamId,
} from '../domain/appointment.events';
import { slotDecider } from '../domain/slot.decider';
import { slotStreamId } from '../domain/slot.events';

/** Who may change an appointment: anyone who may reach it, or only its practice's users. */
export type AppointmentAccess = 'reach' | 'practice';

export interface AppointmentChange {
  readonly appointmentId: string;
  readonly caller: Principal;
  readonly access: AppointmentAccess;
  /** The revision the client saw: a change in between is a 409. */
  readonly expectedRevision: number | null;
  readonly context: RequestContext;
  /** The command for the appointment as it is (it may read more, such as its calendar). */
  readonly command: (
    details: AppointmentDetails,
    now: Date,
    readMore: ReadMore,
  ) => AppointmentCommand | Promise<AppointmentCommand>;
}

/** With an expected revision, the client acts on what it saw: a change in between is a 409. */
export function assertUnchangedSince(loaded: Loaded<unknown>, expected: number | null): void {
  if (expected !== null && loaded.revision !== expected) {
    throw new ConflictError(BOOKING_MESSAGES.changedMeanwhile);
  }
}

/** An appointment found (404 otherwise) and reachable by the caller (403 otherwise). */
export async function reachable(
  policy: AccessPolicy,
  caller: Principal,
  access: AppointmentAccess,
  appointment: Loaded<AppointmentState>,
): Promise<AppointmentDetails> {
  const details = appointment.state.details;
  if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  if (access === 'reach') await policy.assertMayReachAppointment(caller, details);
  else policy.assertMayWorkForPractice(caller, details.practice_id);
  return details;
}

/**
 * The status changes of an appointment (cancel, confirm, check-in, reject ...): a change that
 * ends the visit's claim gives its place in the slot back, in the same atomic append.
 */
@Injectable()
export class AppointmentChanges {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  change(change: AppointmentChange): Promise<{ position: number; status: AppointmentStatus }> {
    let status: AppointmentStatus | null = null;
    return this.pipeline.run({
      commandId: null,
      context: change.context,
      busy: BOOKING_MESSAGES.unableToBook,
      read: [stream(appointmentStreamId(change.appointmentId), appointmentDecider)],
      decide: async ([appointment], readMore) => {
        const details = await reachable(this.policy, change.caller, change.access, appointment);
        assertUnchangedSince(appointment, change.expectedRevision);
        const now = this.clock.now();
        const command = await change.command(details, now, readMore);
        const events = appointmentDecider.decide(command, appointment.state);
        const after = events.reduce(appointmentDecider.evolve, appointment.state).details!;
        const settled = after.status;
        status = settled;
        if (events.length === 0) {
          const last = appointment.events[appointment.events.length - 1];
          return {
            append: [],
            reply: () => ({ position: last?.globalPosition ?? 0, status: settled }),
          };
        }
        const appends: StreamEvents[] = [{ streamId: appointment.streamId, events }];
        if (HOLDS_SLOT(details.status) && !HOLDS_SLOT(after.status)) {
          const [slot] = await readMore([
            stream(slotStreamId(details.calendar_id, details.start_date), slotDecider),
          ]);
          const released = slotDecider.decide(
            {
              type: 'CancelSlotBooking',
              calendarId: details.calendar_id,
              start: details.start_date,
              capacity: 0,
              appointmentId: change.appointmentId,
              now,
            },
            slot.state,
          );
          appends.push({ streamId: slot.streamId, events: released });
        }
        return { append: appends };
      },
      // Decided in this very attempt: no command id, so no earlier try answers instead.
      answer: (committed) => ({ position: committed.position, status: status! }),
    });
  }
}
