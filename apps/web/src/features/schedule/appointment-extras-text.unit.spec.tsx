import { i18n } from '../../shared/i18n';
import { answerText, insuranceText, paymentText } from './appointment-extras-text';

it('names the insurance, or the no-insurance choice in the spec words, or says none was given', () => {
  expect(insuranceText({ choice: 'insurance', insurance_name: 'Aetna HMO', member_id: 'W1' })).toBe(
    'Aetna HMO',
  );
  expect(insuranceText({ choice: 'self-pay', insurance_name: null, member_id: null })).toBe(
    'Self paying',
  );
  expect(insuranceText({ choice: 'choose-later', insurance_name: null, member_id: null })).toBe(
    "I'll choose my insurance later",
  );
  expect(insuranceText(null)).toBe('Not given at booking');
});

it('reads the visit fee with its amount, card and state', () => {
  const fee = {
    payment_id: 'p',
    amount: 25,
    gateway: 'Stripe',
    payment_status: 'captured',
    card_brand: 'Visa',
    card_last4: '4242',
  };
  expect(paymentText(fee)).toBe('$25.00 · Visa ····4242 · Paid');
  expect(paymentText({ ...fee, payment_status: 'authorized' })).toBe(
    '$25.00 · Visa ····4242 · Authorized, not yet captured',
  );
  expect(paymentText(null)).toBe('No online payment');
  expect(answerText('yes')).toBe('Yes');
  expect(answerText('Penicillin')).toBe('Penicillin');
});

it('says the insurance, the visit fee and the answers in Spanish when given the Spanish texts', () => {
  const es = i18n.getFixedT('es');
  expect(insuranceText({ choice: 'self-pay', insurance_name: null, member_id: null }, es)).toBe(
    'Pago por cuenta propia',
  );
  expect(insuranceText(null, es)).toBe('No se indicó al reservar');
  expect(
    paymentText(
      {
        payment_id: 'p',
        amount: 25,
        gateway: 'Stripe',
        payment_status: 'authorized',
        card_brand: 'Visa',
        card_last4: '4242',
      },
      es,
    ),
  ).toBe('$25.00 · Visa ····4242 · Autorizado, aún no cobrado');
  expect(paymentText(null, es)).toBe('Sin pago en línea');
  expect(answerText('yes', es)).toBe('Sí');
  expect(answerText('Penicilina', es)).toBe('Penicilina');
});
