import type { TeleAppointmentView } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../domain/domain-error';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { APPOINTMENT_NOT_FOUND } from '../domain/appointment.decider';
import type { AppointmentDetails } from '../domain/appointment.events';
import { SchedulingReader } from './scheduling-reader';
import { teleAppointmentView } from './tele-appointment.view';

/** One appointment for who may reach it, from its own stream (never lagging a booking). */
@Injectable()
export class AppointmentViewsQuery {
  constructor(
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
  ) {}

  /** Its details and the revision `expected_revision` compares with. */
  async appointment(
    caller: Principal,
    appointmentId: string,
  ): Promise<AppointmentDetails & { revision: number }> {
    const { details, revision } = await this.reader.appointment(appointmentId);
    await this.policy.assertMayReachAppointment(caller, details);
    return { ...details, revision };
  }

  /** The spec's tele appointment by id (tele/appointments/{id}/get). */
  async teleAppointment(caller: Principal, appointmentId: string): Promise<TeleAppointmentView> {
    const { details } = await this.reader.appointment(appointmentId);
    await this.policy.assertMayReachAppointment(caller, details);
    if (details.visit_type !== 'Telehealth') throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return teleAppointmentView(details);
  }
}
