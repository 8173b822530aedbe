import type { AppointmentChangeDto, AppointmentStatus } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { CalendarStates } from '../calendar-states';
import { settingsOf } from '../domain/booking';
import { AppointmentChanges } from './appointment-changes';

type Changed = { position: number; status: AppointmentStatus };

/** Check-in: by the patient (when the calendar allows it) or at the practice's desk. */
export class CheckInAppointmentCommand extends Command<Changed> {
  constructor(
    readonly caller: Principal,
    readonly appointmentId: string,
    readonly dto: AppointmentChangeDto,
    readonly context: RequestContext,
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

  execute({ caller, appointmentId, dto, context }: CheckInAppointmentCommand): Promise<Changed> {
    return this.changes.change({
      appointmentId,
      caller,
      access: 'reach',
      expectedRevision: dto.expected_revision ?? null,
      context,
      command: async (details, now, readMore) => {
        if (caller.type !== 'Patient') {
          return { type: 'CheckInAppointment', by: caller.userId, patientCheckIn: null, now };
        }
        const [calendar] = await readMore([this.calendars.stream(details.calendar_id)]);
        return {
          type: 'CheckInAppointment',
          by: caller.userId,
          patientCheckIn: settingsOf(calendar.state),
          now,
        };
      },
    });
  }
}
