import type { HoldView } from '@medbook/contracts';
import {
  clearBookingSession,
  EMPTY_ANSWERS,
  holdExpired,
  readBookingSession,
  writeBookingSession,
} from './booking-session';
import { BOOKING_STAGE_ROUTE_PATHS, STAGE_PATHS, stageForPath } from './booking-stage-paths';
import { BOOKING_STAGES, type BookingFacts, nextStage } from './booking-stages';
import {
  contactSupportText,
  listedSteps,
  slotTakenRecovery,
  stageToShow,
  stepCounter,
} from './booking-steps';
import { cardOnFileApplies, type PaymentSettings, visitFeeApplies } from './payment-rules';

const plain: BookingFacts = {
  calendar: {
    customFormIds: [],
    collectPatientDemographics: false,
    enableInsurance: true,
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

describe('stage addresses (spec 1, routes used by booking)', () => {
  it('gives each stage the spec’s address, and reads the stage back from it', () => {
    expect(STAGE_PATHS).toMatchObject({
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
    });
    for (const stage of BOOKING_STAGES) {
      expect(stageForPath(STAGE_PATHS[stage])).toBe(stage);
      expect(stageForPath(`${STAGE_PATHS[stage]}/`)).toBe(stage);
    }
    expect(new Set(BOOKING_STAGE_ROUTE_PATHS).size).toBe(BOOKING_STAGES.length);
    expect(BOOKING_STAGE_ROUTE_PATHS.every((p) => !p.startsWith('/'))).toBe(true);
    expect(stageForPath('/booking')).toBeNull();
    expect(stageForPath('/book/unknown')).toBeNull();
  });
});

describe('which stage an address shows', () => {
  it('shows a reached stage that applies, and the furthest reached for one typed ahead', () => {
    const f = facts({ mobileVerified: false });
    expect(stageToShow('SMS_VERIFICATION', 'INSURANCE', f)).toBe('SMS_VERIFICATION');
    expect(stageToShow('BOOKING_FORM', 'INSURANCE', f)).toBe('BOOKING_FORM');
    expect(stageToShow('BOOK_APPOINTMENT', 'INSURANCE', f)).toBe('INSURANCE');
  });

  it('does not show a stage that no longer applies after an answer changed', () => {
    // Insurance confirmation is for a real insurance only; self-pay skips it.
    const selfPay = facts({ insurance: 'self-pay' });
    expect(stageToShow('INSURANCE_CONFIRMATION', 'BOOK_APPOINTMENT', selfPay)).toBe(
      'BOOK_APPOINTMENT',
    );
    const insured = facts({ insurance: { insurance: 'Aetna' } });
    expect(stageToShow('INSURANCE_CONFIRMATION', 'BOOK_APPOINTMENT', insured)).toBe(
      'INSURANCE_CONFIRMATION',
    );
    // The furthest stage itself no longer applies: the last one before it that does.
    expect(stageToShow('BOOK_APPOINTMENT', 'VERIFY_ELIGIBILITY', selfPay)).toBe('INSURANCE');
  });
});

describe('the step counter', () => {
  const listing = { smsListed: false, paymentPossible: false };

  it('lists the steps that apply from the start and counts one step at a time', () => {
    const start = facts({
      calendar: { customFormIds: ['covid'], collectPatientDemographics: true },
      mobileVerified: false,
    });
    const steps = listedSteps(start, { smsListed: true, paymentPossible: true });
    expect(steps).toEqual([
      'Screening',
      'Patient',
      'Verify phone',
      'Demographics',
      'Insurance',
      'Payment',
      'Review',
    ]);
    expect(stepCounter('SCREENING_FORM', steps)).toEqual({ step: 1, of: 7 });
    expect(stepCounter('PAYMENT', steps)).toEqual({ step: 6, of: 7 });
  });

  it('keeps phone verification listed once the phone is verified', () => {
    const verified = facts({ mobileVerified: true });
    expect(listedSteps(verified, { ...listing, smsListed: true })).toContain('Verify phone');
    expect(listedSteps(verified, listing)).not.toContain('Verify phone');
  });

  it('counts insurance, its confirmation and eligibility as one step, whatever is answered', () => {
    const withEligibility = { enableInsuranceEligibility: true };
    const before = listedSteps(facts({ calendar: withEligibility }), listing);
    const insured = facts({ calendar: withEligibility, insurance: { insurance: 'Aetna' } });
    const selfPay = facts({ calendar: withEligibility, insurance: 'self-pay' });
    expect(listedSteps(insured, listing)).toEqual(before);
    expect(listedSteps(selfPay, listing)).toEqual(before);
    const steps = listedSteps(insured, listing);
    const counted = BOOKING_STAGES.filter((s) =>
      ['INSURANCE', 'INSURANCE_CONFIRMATION', 'VERIFY_ELIGIBILITY'].includes(s),
    ).map((s) => stepCounter(s, steps).step);
    expect(new Set(counted).size).toBe(1);
  });

  it('walks an insured booking from start to end without a counter jump', () => {
    const insured = facts({
      calendar: { enableInsuranceEligibility: true, collectPatientDemographics: true },
      insurance: { insurance: 'Aetna' },
      mobileVerified: false,
      payment: { visitFee: true },
    });
    const steps = listedSteps(insured, { smsListed: true, paymentPossible: true });
    let stage = 'BOOKING_FORM' as (typeof BOOKING_STAGES)[number];
    let last = stepCounter(stage, steps).step;
    while (stage !== 'BOOK_APPOINTMENT') {
      stage = nextStage(stage, insured);
      const now = stepCounter(stage, steps).step;
      expect(now - last).toBeLessThanOrEqual(1);
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
    expect(last).toBe(steps.length);
  });
});

describe('a self-paying patient and the card', () => {
  const stripe: PaymentSettings = {
    online_payment_enabled: true,
    online_payment_gateway: 'Stripe',
    enable_card_on_file: false,
    has_paypal_account: false,
    enable_visit_fee: false,
    visit_amount: 0,
    insured_visit_amount: 0,
  };

  it('is asked for a card only when the calendar requires a card on file', () => {
    expect(cardOnFileApplies(stripe, false)).toBe(false);
    expect(visitFeeApplies(stripe, false)).toBe(false);
    expect(cardOnFileApplies({ ...stripe, enable_card_on_file: true }, false)).toBe(true);
  });
});

describe('slot taken (spec 1, section 8)', () => {
  const none = { insurance: false, demographics: false, card: false, visitFee: false };

  it('opens the new-slot dialog only when insurance, demographics, a card or a fee were involved', () => {
    expect(slotTakenRecovery(none)).toBe('message');
    for (const key of Object.keys(none) as (keyof typeof none)[]) {
      expect(slotTakenRecovery({ ...none, [key]: true })).toBe('dialog');
    }
  });

  it('names the support address at this host', () => {
    expect(contactSupportText('medbook.example')).toBe(
      'An error occurred while processing request. Please contact support@medbook.example',
    );
  });
});

describe('the wizard in the tab’s session', () => {
  const hold: HoldView = {
    hold_id: 'h1',
    calendar_id: 'c1',
    start_date: '2026-11-26T14:00:00.000Z',
    expires_at: '2026-11-26T13:10:00.000Z',
    position: 4,
  };

  afterEach(() => clearBookingSession());

  it('keeps the hold and the answers across a reload, and forgets them when cleared', () => {
    writeBookingSession({
      calendarId: 'c1',
      start: hold.start_date,
      holdCommandId: 'cmd',
      hold,
      returnIdx: 3,
      furthest: 'INSURANCE',
      smsListed: true,
      answers: { ...EMPTY_ANSWERS, insurance: { insurance: 'Aetna' }, memberId: 'W1' },
    });
    const read = readBookingSession();
    expect(read?.hold.hold_id).toBe('h1');
    expect(read?.furthest).toBe('INSURANCE');
    expect(read?.answers.insurance).toEqual({ insurance: 'Aetna' });
    expect(read?.answers.patient).toEqual({ kind: 'self' });
    clearBookingSession();
    expect(readBookingSession()).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    sessionStorage.setItem('medbook.booking', '{not json');
    expect(readBookingSession()).toBeNull();
    sessionStorage.setItem('medbook.booking', JSON.stringify({ calendarId: 'c1' }));
    expect(readBookingSession()).toBeNull();
  });

  it('tells an ended hold from a standing one', () => {
    expect(holdExpired(hold, Date.parse('2026-11-26T13:09:59Z'))).toBe(false);
    expect(holdExpired(hold, Date.parse('2026-11-26T13:10:00Z'))).toBe(true);
  });
});
