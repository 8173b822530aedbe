import type { AppointmentStatus } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { type AppointmentAccess, AppointmentChanges } from './appointment-changes';

type Changed = { position: number; status: AppointmentStatus };

/**
 * A move along the status table: the practice's status changes and mark complete, or the
 * patient's confirmation (who may send it is the access the route states).
 */
export class ChangeAppointmentStatusCommand extends Command<Changed> {
  constructor(
    readonly caller: Principal,
    readonly appointmentId: string,
    readonly status: AppointmentStatus,
    readonly access: AppointmentAccess,
    readonly expectedRevision: number | undefined,
    readonly context: RequestContext,
    /** Why a request is rejected (required then; the decider says so). */
    readonly reason: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(ChangeAppointmentStatusCommand)
export class ChangeAppointmentStatusHandler implements ICommandHandler<ChangeAppointmentStatusCommand> {
  constructor(private readonly changes: AppointmentChanges) {}

  execute(command: ChangeAppointmentStatusCommand): Promise<Changed> {
    const { caller, status } = command;
    return this.changes.change({
      appointmentId: command.appointmentId,
      caller,
      access: command.access,
      expectedRevision: command.expectedRevision ?? null,
      context: command.context,
      command: (_details, now) => ({
        type: 'ChangeAppointmentStatus',
        status,
        by: caller.userId,
        reason: command.reason,
        now,
      }),
    });
  }
}
