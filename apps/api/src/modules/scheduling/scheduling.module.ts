import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessPolicy } from '../identity/auth/access-policy';
import { IdentitySocketAuthorizer } from '../identity/auth/socket-authorizer';
import { IdentityModule } from '../identity/identity.module';
import { AppointmentListsController } from './appointment-lists.controller';
import { AppointmentListsRepository } from './appointment-lists.repository';
import { HoldExpiryScheduler } from './hold-expiry.scheduler';
import { SchedulingController } from './scheduling.controller';
import { SchedulingRepository } from './scheduling.repository';
import { SchedulingService } from './scheduling.service';

@Module({
  imports: [IdentityModule],
  controllers: [AppointmentListsController, SchedulingController],
  providers: [
    SchedulingService,
    SchedulingRepository,
    AppointmentListsRepository,
    HoldExpiryScheduler,
  ],
  exports: [SchedulingRepository, SchedulingService],
})
export class SchedulingModule implements OnModuleInit {
  constructor(
    private readonly sockets: IdentitySocketAuthorizer,
    private readonly policy: AccessPolicy,
    private readonly scheduling: SchedulingService,
  ) {}

  /** `appointment:<id>`: its patient (or the account that booked it) and its practice's staff. */
  onModuleInit(): void {
    this.sockets.addRule('appointment', async (caller, appointmentId) => {
      // The appointment's own stream, not the read model: a room may be joined right after booking.
      const row = await this.scheduling.appointment(appointmentId).catch(() => null);
      if (!row) return false;
      if (caller.type === 'Patient') {
        return (
          row.booked_by === caller.userId || this.policy.mayActForPatient(caller, row.patient_id)
        );
      }
      return this.policy.mayWorkForPractice(caller, row.practice_id);
    });
  }
}
