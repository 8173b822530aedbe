import { PAYMENT_MESSAGES, type PaymentView } from '@medbook/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { cardErrors, EMPTY_CARD } from '../card-form';
import type { PaySource } from '../use-visit-fee';
import { PaymentStage } from './payment-stage';

const paid: PaymentView = {
  payment_id: 'p1',
  patient_id: 'u1',
  calendar_id: 'c1',
  status: 'authorized',
  amount: 75,
  gateway: 'Stripe',
  appointment_id: null,
  card_brand: 'Visa',
  card_last6: '424242',
  failure_message: null,
  position: 1,
};

function renderStage(overrides: Partial<Parameters<typeof PaymentStage>[0]> = {}) {
  const paidWith: PaySource[] = [];
  let continued = 0;
  render(
    <PaymentStage
      amount={75}
      insured={false}
      savedCards={[]}
      payment={null}
      busy={false}
      error={null}
      onPay={(source) => paidWith.push(source)}
      onContinue={() => (continued += 1)}
      {...overrides}
    />,
  );
  return { paidWith, continued: () => continued };
}

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('card form rules', () => {
  const now = DateTime.fromISO('2026-11-23T12:00:00Z');
  it("says 'Required' for every empty field and 'Invalid' for wrong ones", () => {
    expect(cardErrors(EMPTY_CARD, now)).toEqual({
      name: 'Required',
      number: 'Required',
      expiry: 'Required',
      cvc: 'Required',
    });
    expect(
      cardErrors({ name: 'R', number: '4242424242424241', expiry: '10/26', cvc: '12' }, now),
    ).toEqual({
      name: 'Invalid character length',
      number: 'Invalid',
      expiry: 'Invalid',
      cvc: 'Invalid',
    });
    expect(
      cardErrors(
        { name: 'Rosa Diaz', number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' },
        now,
      ),
    ).toEqual({});
  });
});

describe('PaymentStage', () => {
  it('shows the fee, refuses an empty form with the messages, and pays with a valid card', () => {
    const { paidWith } = renderStage();
    expect(screen.getByTestId('visit-fee-amount').textContent).toBe('$75.00');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $75.00' }));
    expect(screen.getAllByText('Required')).toHaveLength(4);
    expect(paidWith).toEqual([]);
    expect(screen.getByTestId('form-errors').textContent).toBe(
      '4 fields need attention. Name on card: Required. Card number: Required. Expiry: Required. CVC: Required.',
    );
    expect(document.activeElement).toBe(screen.getByTestId('card-name'));

    type(/Name on card/, 'Rosa Diaz');
    type(/Card number/, '4242 4242 4242 4242');
    type(/Expiry/, '12/40');
    type(/CVC/, '123');
    expect(screen.queryByText('Required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $75.00' }));
    expect(paidWith).toEqual([
      {
        card: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2040,
          cvc: '123',
          name_on_card: 'Rosa Diaz',
        },
      },
    ]);
  });

  it("shows the gateway's decline in its words", () => {
    renderStage({ error: PAYMENT_MESSAGES.declined });
    // The form's own live region is an alert too (empty until a refused submit).
    expect(screen.getByTestId('payment-error').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('payment-error').textContent).toBe('Your card was declined.');
  });

  it('offers a saved card, shown by its last 6 characters', () => {
    const { paidWith } = renderStage({
      savedCards: [
        { payment_method_id: 'm1', brand: 'Visa', last6: '424242', exp_month: 1, exp_year: 2040 },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $75.00 with Visa •••• 424242' }));
    expect(paidWith).toEqual([{ payment_method_id: 'm1' }]);
  });

  it('once paid, says so and continues without paying again', () => {
    const { continued, paidWith } = renderStage({ payment: paid });
    expect(screen.getByTestId('payment-done').textContent).toContain('Visa •••• 424242');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(continued()).toBe(1);
    expect(paidWith).toEqual([]);
  });

  it('asks again when the amount changed since the payment (the insurance changed)', () => {
    renderStage({ payment: paid, amount: 25, insured: true });
    expect(screen.getByRole('button', { name: 'Pay $25.00' })).toBeTruthy();
  });
});
