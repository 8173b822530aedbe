import type { BookingStage } from './booking-stages';

/**
 * Each wizard stage's own address (spec 1, "Routes used by sign-in and booking"): the booking
 * pages under /book, the screening form and phone verification. The review before the booking
 * call has no address in the spec; ours is /book/review.
 */
export const STAGE_PATHS: Readonly<Record<BookingStage, string>> = {
  SCREENING_FORM: '/screening-form',
  BOOKING_FORM: '/book/book-appointment-form',
  SMS_VERIFICATION: '/verification/phone-verify',
  PATIENT_DEMOGRAPHICS: '/book/collect-patient-demographics',
  INSURANCE: '/book/collect-insurance',
  INSURANCE_CONFIRMATION: '/book/insurance-confirmation',
  VERIFY_ELIGIBILITY: '/book/verify-eligibility',
  ADD_CARD: '/book/add-card',
  PAY_PAL: '/book/pay-paypal',
  PAYMENT: '/book/pay',
  BOOK_APPOINTMENT: '/book/review',
};

/** The router's paths for the stages (relative, as its route table writes them). */
export const BOOKING_STAGE_ROUTE_PATHS: readonly string[] = Object.values(STAGE_PATHS).map((p) =>
  p.slice(1),
);

/** The stage an address shows, or null when it is no stage's. */
export function stageForPath(pathname: string): BookingStage | null {
  const path = pathname.replace(/\/+$/, '');
  const found = (Object.entries(STAGE_PATHS) as [BookingStage, string][]).find(
    ([, stagePath]) => stagePath === path,
  );
  return found ? found[0] : null;
}
