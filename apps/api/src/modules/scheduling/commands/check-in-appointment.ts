import {
  type AppointmentChangeDto,
  type AppointmentStatus,
  DIGITAL_CHECK_IN_MESSAGES,
} from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { ConflictError } from '../../../domain/domain-error';
import { stream } from '../../../infra/event-sourcing/command-pipeline';
import { settingsDecider } from '../../digital-check-in/domain/digital-check-in.deciders';
import { dciSettingsStreamId } from '../../digital-check-in/domain/digital-check-in.events';
import { CalendarStates } from '../calendar-states';
import { settingsOf } from '../domain/booking';
import { AppointmentChanges } from './appointment-changes';

type Changed = { position: number; status: AppointmentStatus };

/**
 * Check-in, by where it is made: a patient's own ("I'm here"), the practice's desk (any time),
 * or the kiosk at the door (a practice's session, the patient's window).
 */
export class CheckInAppointmentCommand extends Command<Changed> {
  constructor(
    readonly caller: Principal,
    readonly appointmentId: string,
    readonly dto: AppointmentChangeDto,
    readonly context: RequestContext,
    readonly atKiosk = false,
  ) {
    super();
  }
}

@CommandHandler(CheckInAppointmentCommand)
export class CheckInAppointmentHandler implements ICommandHandler<CheckInAppointmentCommand> {
  constructor(
    private readonly changes: AppointmentChanges,
    private readonly calendars: CalendarStates,
  ) {}

  execute({
    caller,
    appointmentId,
    dto,
    context,
    atKiosk,
  }: CheckInAppointmentCommand): Promise<Changed> {
    const patient = caller.type === 'Patient';
    return this.changes.change({
      appointmentId,
      caller,
      // The kiosk is the practice's own device: only its users reach its appointments there.
      access: atKiosk ? 'practice' : 'reach',
      expectedRevision: dto.expected_revision ?? null,
      context,
      command: async (details, now, readMore) => {
        if (!patient && !atKiosk) {
          return { type: 'CheckInAppointment', by: caller.userId, at: { kind: 'desk' }, now };
        }
        const [calendar, checkIn] = await readMore([
          this.calendars.stream(details.calendar_id),
          stream(dciSettingsStreamId(details.provider_id ?? details.calendar_id), settingsDecider),
        ]);
        // Digital check-in with staff-approved entry: the patient says they have arrived
        // (POST /appointments/{id}/arrival) and the practice lets them in.
        const dci = checkIn.state;
        if (
          patient &&
          details.provider_id &&
          dci.digital_check_in_enabled &&
          dci.staff_approved_entry
        ) {
          throw new ConflictError(DIGITAL_CHECK_IN_MESSAGES.entryByStaff);
        }
        const rules = settingsOf(calendar.state);
        return {
          type: 'CheckInAppointment',
          by: caller.userId,
          at: atKiosk ? { kind: 'kiosk', calendar: rules } : { kind: 'patient', calendar: rules },
          now,
        };
      },
    });
  }
}
