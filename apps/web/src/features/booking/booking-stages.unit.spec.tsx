import {
  BOOKING_STAGES,
  type BookingFacts,
  firstStage,
  type InsuranceChoice,
  nextStage,
  NO_INSURANCE_CHOICES,
  previousStage,
  stageApplies,
} from './booking-stages';
import {
  cardOnFileApplies,
  type PaymentSettings,
  payPalApplies,
  visitFeeApplies,
} from './payment-rules';

const plain: BookingFacts = {
  calendar: {
    customFormIds: [],
    collectPatientDemographics: false,
    enableInsurance: false,
    enableInsuranceEligibility: false,
  },
  reasonNeedsScreening: false,
  mobileVerified: true,
  insurance: null,
  payment: { cardOnFile: false, payPal: false, visitFee: false },
};
const facts = (
  change: Partial<Omit<BookingFacts, 'calendar' | 'payment'>> & {
    calendar?: Partial<BookingFacts['calendar']>;
    payment?: Partial<BookingFacts['payment']>;
  } = {},
): BookingFacts => ({
  ...plain,
  ...change,
  calendar: { ...plain.calendar, ...change.calendar },
  payment: { ...plain.payment, ...change.payment },
});

/** Every stage the wizard walks through from its first, in order. */
function walk(given: BookingFacts): string[] {
  const seen = [firstStage(given)];
  while (seen.at(-1) !== 'BOOK_APPOINTMENT') seen.push(nextStage(seen.at(-1)!, given));
  return seen;
}

describe('booking wizard stages', () => {
  it('goes straight from the booking form to the booking when nothing else applies', () => {
    expect(walk(plain)).toEqual(['BOOKING_FORM', 'BOOK_APPOINTMENT']);
  });

  it('starts at the screening form when the calendar has custom forms or the reason needs it', () => {
    expect(firstStage(facts({ calendar: { customFormIds: ['f1'] } }))).toBe('SCREENING_FORM');
    expect(firstStage(facts({ reasonNeedsScreening: true }))).toBe('SCREENING_FORM');
    expect(walk(facts({ reasonNeedsScreening: true }))).toEqual([
      'SCREENING_FORM',
      'BOOKING_FORM',
      'BOOK_APPOINTMENT',
    ]);
  });

  it('asks for SMS verification only when the mobile is not verified', () => {
    expect(walk(facts({ mobileVerified: false }))).toEqual([
      'BOOKING_FORM',
      'SMS_VERIFICATION',
      'BOOK_APPOINTMENT',
    ]);
  });

  it('collects demographics only when the calendar collects them', () => {
    expect(walk(facts({ calendar: { collectPatientDemographics: true } }))).toContain(
      'PATIENT_DEMOGRAPHICS',
    );
    expect(walk(plain)).not.toContain('PATIENT_DEMOGRAPHICS');
  });

  it.each(NO_INSURANCE_CHOICES)('counts %s as no insurance: no confirmation', (choice) => {
    const given = facts({ calendar: { enableInsurance: true }, insurance: choice });
    expect(walk(given)).toEqual(['BOOKING_FORM', 'INSURANCE', 'BOOK_APPOINTMENT']);
  });

  it('confirms real insurance only when the calendar enables insurance', () => {
    const insured: InsuranceChoice = { insurance: 'Aetna' };
    expect(walk(facts({ calendar: { enableInsurance: true }, insurance: insured }))).toEqual([
      'BOOKING_FORM',
      'INSURANCE',
      'INSURANCE_CONFIRMATION',
      'BOOK_APPOINTMENT',
    ]);
    expect(walk(facts({ insurance: insured }))).toEqual(['BOOKING_FORM', 'BOOK_APPOINTMENT']);
  });

  it('verifies eligibility only when enabled and insured', () => {
    const calendar = { enableInsurance: true, enableInsuranceEligibility: true };
    expect(walk(facts({ calendar, insurance: { insurance: 'Aetna' } }))).toEqual([
      'BOOKING_FORM',
      'INSURANCE',
      'INSURANCE_CONFIRMATION',
      'VERIFY_ELIGIBILITY',
      'BOOK_APPOINTMENT',
    ]);
    expect(walk(facts({ calendar, insurance: 'skip' }))).not.toContain('VERIFY_ELIGIBILITY');
  });

  it('adds card, then PayPal, then the visit fee, then books', () => {
    expect(walk(facts({ payment: { cardOnFile: true, payPal: true, visitFee: true } }))).toEqual([
      'BOOKING_FORM',
      'ADD_CARD',
      'PAY_PAL',
      'PAYMENT',
      'BOOK_APPOINTMENT',
    ]);
  });

  it('walks every stage in the spec order when all apply', () => {
    const all = facts({
      calendar: {
        customFormIds: ['f'],
        collectPatientDemographics: true,
        enableInsurance: true,
        enableInsuranceEligibility: true,
      },
      mobileVerified: false,
      insurance: { insurance: 'Cigna' },
      payment: { cardOnFile: true, payPal: true, visitFee: true },
    });
    expect(walk(all)).toEqual([...BOOKING_STAGES]);
    expect(previousStage('BOOK_APPOINTMENT', all)).toBe('PAYMENT');
    expect(previousStage('SCREENING_FORM', all)).toBeNull();
  });

  it('goes back to the nearest stage that applies', () => {
    const given = facts({ mobileVerified: false, calendar: { enableInsurance: true } });
    expect(previousStage('BOOK_APPOINTMENT', given)).toBe('INSURANCE');
    expect(previousStage('INSURANCE', given)).toBe('SMS_VERIFICATION');
    expect(previousStage('BOOKING_FORM', given)).toBeNull();
  });

  it('always has a booking form and a booking call', () => {
    for (const given of [plain, facts({ mobileVerified: false })]) {
      expect(stageApplies('BOOKING_FORM', given)).toBe(true);
      expect(stageApplies('BOOK_APPOINTMENT', given)).toBe(true);
    }
  });
});

describe('payment stages from the practice and provider settings', () => {
  const settings: PaymentSettings = {
    online_payment_enabled: true,
    online_payment_gateway: 'Stripe',
    enable_card_on_file: true,
    has_paypal_account: false,
    enable_visit_fee: true,
    visit_amount: 75,
    insured_visit_amount: 0.25,
  };
  const paymentFor = (insurance: InsuranceChoice | null) => {
    const insured = insurance !== null && typeof insurance === 'object';
    return {
      cardOnFile: cardOnFileApplies(settings, insured),
      payPal: payPalApplies(settings),
      visitFee: visitFeeApplies(settings, insured),
    };
  };

  it('pays the self-pay visit fee before booking', () => {
    const given = facts({
      calendar: { enableInsurance: true },
      insurance: 'self-pay',
      payment: paymentFor('self-pay'),
    });
    expect(walk(given)).toEqual(['BOOKING_FORM', 'INSURANCE', 'PAYMENT', 'BOOK_APPOINTMENT']);
  });

  it('keeps a card on file instead when the insured amount is under 0.5', () => {
    const insurance = { insurance: 'Aetna' };
    const given = facts({
      calendar: { enableInsurance: true },
      insurance,
      payment: paymentFor(insurance),
    });
    expect(walk(given)).toEqual([
      'BOOKING_FORM',
      'INSURANCE',
      'INSURANCE_CONFIRMATION',
      'ADD_CARD',
      'BOOK_APPOINTMENT',
    ]);
  });
});
