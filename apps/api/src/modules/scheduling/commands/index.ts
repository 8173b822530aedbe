import { AddCalendarReasonHandler } from './add-calendar-reason';
import { AppointmentChanges } from './appointment-changes';
import { BlockTimeSpanHandler } from './block-time-span';
import { BookAppointmentHandler } from './book-appointment';
import { BookWalkInHandler } from './book-walk-in';
import { CalendarChanges } from './calendar-changes';
import { CancelAppointmentHandler } from './cancel-appointment';
import { ChangeAppointmentStatusHandler } from './change-appointment-status';
import { ChangeCalendarReasonHandler } from './change-calendar-reason';
import { ChangeCalendarSettingsHandler } from './change-calendar-settings';
import { CheckInAppointmentHandler } from './check-in-appointment';
import { CreateCalendarHandler } from './create-calendar';
import { DecideRequestsHandler } from './decide-requests';
import { EndHoldHandler } from './end-hold';
import { HoldSlotHandler } from './hold-slot';
import { RemoveCalendarReasonHandler } from './remove-calendar-reason';
import { RescheduleAppointmentHandler } from './reschedule-appointment';
import { UnblockTimeSpanHandler } from './unblock-time-span';

/** The scheduling use cases on the command bus, and the flows they share. */
export const SCHEDULING_COMMAND_HANDLERS = [
  AppointmentChanges,
  CalendarChanges,
  CreateCalendarHandler,
  ChangeCalendarSettingsHandler,
  BlockTimeSpanHandler,
  UnblockTimeSpanHandler,
  AddCalendarReasonHandler,
  ChangeCalendarReasonHandler,
  RemoveCalendarReasonHandler,
  HoldSlotHandler,
  EndHoldHandler,
  BookAppointmentHandler,
  BookWalkInHandler,
  RescheduleAppointmentHandler,
  CancelAppointmentHandler,
  ChangeAppointmentStatusHandler,
  DecideRequestsHandler,
  CheckInAppointmentHandler,
];
