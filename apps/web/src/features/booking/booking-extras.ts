import type { InsuranceChoiceKind, PaymentView } from '@medbook/contracts';
import type { InsuranceChoice } from './booking-stages';

/** What the booking call carries besides the slot: how the visit is paid for, and the intake. */
export interface BookingExtrasBody {
  readonly insurance_choice?: InsuranceChoiceKind;
  readonly insurance_name?: string;
  readonly member_id?: string;
  readonly screening_ids?: string[];
  readonly payment_id?: string;
}

/**
 * The wizard's insurance choice, member id, screening answers and authorized visit fee as the
 * booking sends them, so the practice sees them on the appointment (and the API can check the
 * fee it requires). A member id goes only with an insurance; an empty one not at all.
 */
export function bookingExtrasBody(
  insurance: InsuranceChoice | null,
  memberId: string,
  screeningIds: readonly string[],
  payment: PaymentView | null,
): BookingExtrasBody {
  const member = memberId.trim();
  return {
    ...(insurance === null
      ? {}
      : typeof insurance === 'object'
        ? {
            insurance_choice: 'insurance' as const,
            insurance_name: insurance.insurance,
            ...(member ? { member_id: member } : {}),
          }
        : { insurance_choice: insurance }),
    ...(screeningIds.length > 0 ? { screening_ids: [...screeningIds] } : {}),
    ...(payment?.status === 'authorized' ? { payment_id: payment.payment_id } : {}),
  };
}
