import type { AppointmentStatus, CancelAppointmentDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { AppointmentChanges } from './appointment-changes';

type Changed = { position: number; status: AppointmentStatus };

/** The patient or the practice cancels: the slot's place is given back. */
export class CancelAppointmentCommand extends Command<Changed> {
  constructor(
    readonly caller: Principal,
    readonly appointmentId: string,
    readonly dto: CancelAppointmentDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CancelAppointmentCommand)
export class CancelAppointmentHandler implements ICommandHandler<CancelAppointmentCommand> {
  constructor(private readonly changes: AppointmentChanges) {}

  execute({ caller, appointmentId, dto, context }: CancelAppointmentCommand): Promise<Changed> {
    return this.changes.change({
      appointmentId,
      caller,
      access: 'reach',
      expectedRevision: dto.expected_revision ?? null,
      context,
      command: (_details, now) => ({
        type: 'CancelAppointment',
        reason: dto.reason?.trim() || null,
        by: caller.userId,
        now,
      }),
    });
  }
}
