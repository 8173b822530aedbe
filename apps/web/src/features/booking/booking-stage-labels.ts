import type { BookingStage } from './booking-stages';

/** The stepper's name for each stage. */
export const STAGE_LABELS: Record<BookingStage, string> = {
  SCREENING_FORM: 'Screening',
  BOOKING_FORM: 'Patient',
  SMS_VERIFICATION: 'Verify phone',
  PATIENT_DEMOGRAPHICS: 'Demographics',
  INSURANCE: 'Insurance',
  INSURANCE_CONFIRMATION: 'Confirm insurance',
  VERIFY_ELIGIBILITY: 'Eligibility',
  ADD_CARD: 'Card',
  PAY_PAL: 'PayPal',
  PAYMENT: 'Payment',
  BOOK_APPOINTMENT: 'Review',
};
