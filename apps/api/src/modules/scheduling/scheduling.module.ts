import { BookingExtrasCheck } from './booking-extras';
import { AppointmentExtrasQuery } from './queries/appointment-extras.query';
import { Module } from '@nestjs/common';
import { ROOM_RULES } from '../../infra/realtime/live-access';
import { AccessPolicy } from '../identity/auth/access-policy';
import { IdentityModule } from '../identity/identity.module';
import { AppointmentListsController } from './appointment-lists.controller';
import { AppointmentListsRepository } from './appointment-lists.repository';
import { AppointmentsController } from './appointments.controller';
import { AvailabilityController } from './availability.controller';
import { CalendarStates } from './calendar-states';
import { SlotStates } from './slot-states';
import { CheckInController } from './check-in.controller';
import { CheckInRepository } from './check-in.repository';
import { CalendarsController } from './calendars.controller';
import { SCHEDULING_COMMAND_HANDLERS } from './commands';
import { HoldExpiryScheduler } from './hold-expiry.scheduler';
import { AppointmentViewsQuery } from './queries/appointment-views.query';
import { AvailabilityQuery } from './queries/availability.query';
import { CheckInQuery } from './queries/check-in.query';
import { PastStates } from './queries/past-states';
import { CalendarPreviewQuery } from './queries/calendar-preview.query';
import { CalendarViewsQuery } from './queries/calendar-views.query';
import { SchedulingReader } from './queries/scheduling-reader';
import { PracticeScheduleQuery } from './queries/practice-schedule.query';
import { ScheduleController } from './schedule.controller';
import { ScheduleRepository } from './schedule.repository';
import { schedulingRoomRules } from './scheduling-room-rules';
import { SchedulingRepository } from './scheduling.repository';

@Module({
  imports: [IdentityModule],
  controllers: [
    AppointmentListsController,
    CalendarsController,
    AvailabilityController,
    AppointmentsController,
    ScheduleController,
    CheckInController,
  ],
  providers: [
    ...SCHEDULING_COMMAND_HANDLERS,
    CalendarStates,
    SlotStates,
    BookingExtrasCheck,
    SchedulingReader,
    SchedulingRepository,
    AppointmentListsRepository,
    AppointmentViewsQuery,
    AvailabilityQuery,
    PastStates,
    CalendarViewsQuery,
    CalendarPreviewQuery,
    ScheduleRepository,
    PracticeScheduleQuery,
    AppointmentExtrasQuery,
    CheckInRepository,
    CheckInQuery,
    HoldExpiryScheduler,
    {
      provide: ROOM_RULES,
      useFactory: schedulingRoomRules,
      inject: [SchedulingReader, AccessPolicy],
    },
  ],
  exports: [SchedulingRepository, SchedulingReader, CalendarStates],
})
export class SchedulingModule {}
