import { Module, type OnModuleInit } from '@nestjs/common';
import { AccessPolicy } from '../identity/auth/access-policy';
import { IdentitySocketAuthorizer } from '../identity/auth/socket-authorizer';
import { IdentityModule } from '../identity/identity.module';
import { AppointmentListsController } from './appointment-lists.controller';
import { AppointmentListsRepository } from './appointment-lists.repository';
import { AppointmentsController } from './appointments.controller';
import { AvailabilityController } from './availability.controller';
import { CalendarStates } from './calendar-states';
import { CalendarsController } from './calendars.controller';
import { SCHEDULING_COMMAND_HANDLERS } from './commands';
import { HoldExpiryScheduler } from './hold-expiry.scheduler';
import { AppointmentViewsQuery } from './queries/appointment-views.query';
import { AvailabilityQuery } from './queries/availability.query';
import { CalendarViewsQuery } from './queries/calendar-views.query';
import { SchedulingReader } from './queries/scheduling-reader';
import { SchedulingDemoSeed } from './scheduling-demo-seed';
import { SchedulingRepository } from './scheduling.repository';

@Module({
  imports: [IdentityModule],
  controllers: [
    AppointmentListsController,
    CalendarsController,
    AvailabilityController,
    AppointmentsController,
  ],
  providers: [
    ...SCHEDULING_COMMAND_HANDLERS,
    CalendarStates,
    SchedulingReader,
    SchedulingRepository,
    AppointmentListsRepository,
    AppointmentViewsQuery,
    AvailabilityQuery,
    CalendarViewsQuery,
    HoldExpiryScheduler,
    SchedulingDemoSeed,
  ],
  exports: [SchedulingRepository, SchedulingReader, CalendarStates],
})
export class SchedulingModule implements OnModuleInit {
  constructor(
    private readonly sockets: IdentitySocketAuthorizer,
    private readonly policy: AccessPolicy,
    private readonly reader: SchedulingReader,
  ) {}

  /** `appointment:<id>`: its patient (or the account that booked it) and its practice's staff. */
  onModuleInit(): void {
    this.sockets.addRule('appointment', async (caller, appointmentId) => {
      // The appointment's own stream, not the read model: a room may be joined right after booking.
      const found = await this.reader.appointment(appointmentId).catch(() => null);
      return found ? this.policy.mayReachAppointment(caller, found.details) : false;
    });
  }
}
