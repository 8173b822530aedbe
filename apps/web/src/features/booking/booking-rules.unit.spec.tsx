import { BOOKING_MESSAGES } from '@medbook/contracts';
import { DateTime } from 'luxon';
import {
  classifyBookingFailure,
  popupAfterBooking,
  type BookedAppointment,
} from './booking-outcome';
import { matchingInsurances } from './insurance-options';
import {
  cardOnFileApplies,
  type PaymentSettings,
  payPalApplies,
  visitFeeAmount,
  visitFeeApplies,
} from './payment-rules';
import { mayConfirmNewSlot, newSlotProblem } from '../../shared/slot-choice';
import { minutesLeft, summaryStart } from './slot-time';

describe('insurance filtering', () => {
  it('matches names starting with the typed text, ignoring case', () => {
    const names = ['Aetna', 'Anthem', 'Blue Cross', 'United Aetna'];
    expect(matchingInsurances(names, 'a')).toEqual(['Aetna', 'Anthem']);
    expect(matchingInsurances(names, 'AET')).toEqual(['Aetna']);
    expect(matchingInsurances(names, 'zz')).toEqual([]);
    expect(matchingInsurances(names, '')).toEqual(names);
  });
});

describe('booking failures', () => {
  it('maps the answer as the spec classifies it', () => {
    expect(classifyBookingFailure(400, 'You entered an invalid otp code')).toBe('INVALID_OTP');
    expect(classifyBookingFailure(400, 'Invalid')).toBe('CONTACT_SUPPORT');
    expect(classifyBookingFailure(409, BOOKING_MESSAGES.alreadyBooked)).toBe('ALREADY_BOOKED');
    expect(classifyBookingFailure(409, BOOKING_MESSAGES.patientAlreadyBooked)).toBe(
      'ALREADY_BOOKED',
    );
    expect(classifyBookingFailure(409, 'calendar timeslot is not available')).toBe(
      'ALREADY_BOOKED',
    );
    expect(classifyBookingFailure(500, 'Error occured')).toBe('CONTACT_SUPPORT');
  });
});

describe('popup after booking', () => {
  const office: BookedAppointment = {
    status: 'Scheduled',
    visitType: 'Office',
    walkIn: false,
    checkInAllowed: false,
    digitalCheckIn: false,
    reasonAllowsImmediateCheckIn: false,
  };
  it('offers check-in for office and resource visits that may check in now', () => {
    expect(popupAfterBooking({ ...office, checkInAllowed: true })).toBe('check-in');
    expect(popupAfterBooking({ ...office, visitType: 'Resource', checkInAllowed: true })).toBe(
      'check-in',
    );
    expect(
      popupAfterBooking({ ...office, digitalCheckIn: true, reasonAllowsImmediateCheckIn: true }),
    ).toBe('check-in');
    expect(popupAfterBooking({ ...office, digitalCheckIn: true, checkInAllowed: true })).toBe(
      'scheduled',
    );
    expect(popupAfterBooking({ ...office, visitType: 'Telehealth', checkInAllowed: true })).toBe(
      'scheduled',
    );
  });
  it('confirms scheduled visits, except telehealth walk-ins', () => {
    expect(popupAfterBooking(office)).toBe('scheduled');
    expect(popupAfterBooking({ ...office, visitType: 'Telehealth', walkIn: true })).toBe('none');
  });
  it('says the request was sent when pending, not for resources or walk-ins', () => {
    const pending = { ...office, status: 'Pending' as const, checkInAllowed: true };
    expect(popupAfterBooking(pending)).toBe('pending');
    expect(popupAfterBooking({ ...pending, visitType: 'Resource' })).toBe('none');
    expect(popupAfterBooking({ ...pending, walkIn: true })).toBe('none');
  });
});

describe('payment rules', () => {
  const base: PaymentSettings = {
    online_payment_enabled: true,
    online_payment_gateway: 'Stripe',
    enable_visit_fee: true,
    visit_amount: 25,
    insured_visit_amount: 0.49,
    enable_card_on_file: true,
    has_paypal_account: false,
  };
  it('charges a visit fee of at least 0.5 through a supported gateway', () => {
    expect(visitFeeApplies(base, false)).toBe(true);
    expect(visitFeeApplies(base, true)).toBe(false);
    expect(visitFeeApplies({ ...base, insured_visit_amount: 0.5 }, true)).toBe(true);
    expect(visitFeeApplies({ ...base, online_payment_gateway: null }, false)).toBe(false);
    expect(visitFeeApplies({ ...base, online_payment_enabled: false }, false)).toBe(false);
    expect(visitFeeApplies({ ...base, enable_visit_fee: false }, false)).toBe(false);
    expect(visitFeeAmount(base, false)).toBe(25);
    expect(visitFeeAmount(base, true)).toBe(0.49);
  });
  it('keeps a card on file only with Stripe and no visit fee due', () => {
    expect(cardOnFileApplies(base, false)).toBe(false);
    expect(cardOnFileApplies(base, true)).toBe(true);
    expect(cardOnFileApplies({ ...base, online_payment_gateway: 'Fortis' }, true)).toBe(false);
    expect(cardOnFileApplies({ ...base, enable_card_on_file: false }, true)).toBe(false);
  });
  it('offers PayPal with an account, the fee enabled and an amount above 0', () => {
    expect(payPalApplies({ ...base, has_paypal_account: true })).toBe(true);
    expect(payPalApplies({ ...base, has_paypal_account: true, visit_amount: 0 })).toBe(false);
    expect(payPalApplies(base)).toBe(false);
  });
});

describe('slot times', () => {
  const zone = 'America/New_York';
  const now = DateTime.fromISO('2026-03-10T09:00:00', { zone });
  it("prefixes 'Today,' and 'Tomorrow,' in the facility's zone", () => {
    expect(summaryStart('2026-03-10T19:30:00Z', zone, now)).toBe('Today, Tue, Mar 10 · 3:30 PM');
    expect(summaryStart('2026-03-11T13:00:00Z', zone, now)).toBe('Tomorrow, Wed, Mar 11 · 9:00 AM');
    expect(summaryStart('2026-03-13T13:00:00Z', zone, now)).toBe('Fri, Mar 13 · 9:00 AM');
  });
  it("names the facility's zone and adds the visitor's own time when their clocks differ", () => {
    expect(summaryStart('2026-11-24T11:00:00Z', 'Asia/Kolkata', now, 'America/New_York')).toBe(
      'Tue, Nov 24 · 4:30 PM GMT+5:30 — Tue 6:00 AM your time',
    );
    // Same offset at that moment: nothing to add, whatever the zones are called.
    expect(summaryStart('2026-03-11T13:00:00Z', zone, now, 'America/Toronto')).toBe(
      'Tomorrow, Wed, Mar 11 · 9:00 AM',
    );
  });
  it('counts whole minutes left on a hold', () => {
    const at = DateTime.fromISO('2026-03-10T14:00:00Z');
    expect(minutesLeft('2026-03-10T14:10:00Z', at)).toBe(10);
    expect(minutesLeft('2026-03-10T14:09:01Z', at)).toBe(10);
    expect(minutesLeft('2026-03-10T13:59:00Z', at)).toBe(0);
  });
  it('refuses the same slot as before', () => {
    const original = '2026-03-10T14:00:00Z';
    expect(mayConfirmNewSlot(original, null)).toBe(false);
    expect(newSlotProblem(original, '2026-03-10T14:00:00.000Z')).toBe(BOOKING_MESSAGES.sameSlot);
    expect(mayConfirmNewSlot(original, '2026-03-10T14:30:00Z')).toBe(true);
  });
});
