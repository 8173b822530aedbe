import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  type PaymentMethodCommand,
  type PaymentMethodEvent,
  paymentMethodsDecider,
  type SavedCard,
} from './payment-methods.decider';

const given = DeciderSpecification.for(paymentMethodsDecider);
const NOW = new Date('2026-11-23T10:00:00Z');
const PATIENT = '00000000-0000-4000-8000-0000000000p1';
const visa: SavedCard = {
  payment_method_id: '00000000-0000-4000-8000-0000000000c1',
  gateway_token: 'tok_1',
  brand: 'Visa',
  last6: '424242',
  exp_month: 12,
  exp_year: 2030,
};
const save = (card: SavedCard): PaymentMethodCommand => ({
  type: 'SavePaymentMethod',
  patientId: PATIENT,
  card,
  by: PATIENT,
  now: NOW,
});
const saved = (card: SavedCard): PaymentMethodEvent => ({
  type: 'PaymentMethodSaved',
  data: { ...card, patient_id: PATIENT, saved_by: PATIENT, saved_at: NOW.toISOString() },
});

describe('saving a card on file', () => {
  it('keeps a new card', () => {
    given([])
      .when(save(visa))
      .then([saved(visa)]);
  });

  it('keeps the same card once, even under a new token', () => {
    given([saved(visa)])
      .when(save({ ...visa, payment_method_id: 'other', gateway_token: 'tok_2' }))
      .thenNothing();
  });

  it('keeps another card of the same number with a new expiry', () => {
    const renewed = { ...visa, payment_method_id: 'renewed', exp_year: 2031 };
    given([saved(visa)])
      .when(save(renewed))
      .then([saved(renewed)]);
  });
});
