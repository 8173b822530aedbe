import type { PaymentView } from '@medbook/contracts';
import { bookingExtrasBody } from './booking-extras';

const payment = (status: PaymentView['status']): PaymentView => ({
  payment_id: 'a3f1c2de-0000-4000-8000-000000000001',
  patient_id: 'p',
  calendar_id: 'c',
  status,
  amount: 25,
  gateway: 'Stripe',
  appointment_id: null,
  card_brand: 'Visa',
  card_last6: '424242',
  failure_message: null,
  position: 1,
});

it('sends an insurance with its trimmed member id, the screenings and an authorized fee', () => {
  expect(
    bookingExtrasBody({ insurance: 'Aetna HMO' }, ' W123 ', ['s1', 's2'], payment('authorized')),
  ).toEqual({
    insurance_choice: 'insurance',
    insurance_name: 'Aetna HMO',
    member_id: 'W123',
    screening_ids: ['s1', 's2'],
    payment_id: 'a3f1c2de-0000-4000-8000-000000000001',
  });
});

it('sends a no-insurance choice without a member id, and nothing it does not have', () => {
  expect(bookingExtrasBody('self-pay', 'W123', [], null)).toEqual({
    insurance_choice: 'self-pay',
  });
  expect(bookingExtrasBody({ insurance: 'Cigna' }, '  ', [], null)).toEqual({
    insurance_choice: 'insurance',
    insurance_name: 'Cigna',
  });
  expect(bookingExtrasBody(null, '', [], payment('failed'))).toEqual({});
});
