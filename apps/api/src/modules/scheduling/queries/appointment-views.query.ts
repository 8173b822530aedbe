import { Injectable } from '@nestjs/common';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import type { AppointmentDetails } from '../domain/appointment.events';
import { SchedulingReader } from './scheduling-reader';

/** One appointment for who may reach it, from its own stream (never lagging a booking). */
@Injectable()
export class AppointmentViewsQuery {
  constructor(
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
  ) {}

  /** Its details, the revision `expected_revision` compares with, and a rejection's reason. */
  async appointment(
    caller: Principal,
    appointmentId: string,
  ): Promise<AppointmentDetails & { revision: number; rejection_reason: string | null }> {
    const { details, revision, rejectionReason } = await this.reader.appointment(appointmentId);
    await this.policy.assertMayReachAppointment(caller, details);
    return { ...details, revision, rejection_reason: rejectionReason };
  }
}
