import type { AppointmentChangeDto, AppointmentStatus } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
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
        const [calendar] = await readMore([this.calendars.stream(details.calendar_id)]);
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
