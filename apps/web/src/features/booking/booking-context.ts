import type {
  BookingPaymentSettings,
  CalendarView,
  FamilyMemberView,
  PaymentMethodView,
  UserView,
} from '@medbook/contracts';

/** What the booking page reads before the wizard starts. */
export interface BookingContext {
  readonly calendar: CalendarView;
  readonly me: UserView;
  readonly family: readonly FamilyMemberView[];
  readonly insurances: readonly string[];
  /** Null when the calendar's payment settings could not be read: no payment stage then. */
  readonly payment: BookingPaymentSettings | null;
  readonly savedCards: readonly PaymentMethodView[];
  readonly cardLookupError: string | null;
}
