import { validateSync } from 'class-validator';
import fc from 'fast-check';
import { isAmount, IsAmount } from './amount';

class Charge {
  @IsAmount() amount!: unknown;
}

const errorsFor = (amount: unknown) => {
  const charge = new Charge();
  charge.amount = amount;
  return validateSync(charge).map((error) => error.constraints);
};

describe('IsAmount', () => {
  it.each([0, 1, 12.5, 12.34, 100_000, -3.1])('takes %p', (amount) => {
    expect(isAmount(amount)).toBe(true);
    expect(errorsFor(amount)).toEqual([]);
  });

  it.each([12.345, 5e-324, -5e-324, 1e-7, Number.NaN, Infinity, '12', null, {}])(
    'refuses %p with Invalid instead of throwing',
    (amount) => {
      expect(isAmount(amount)).toBe(false);
      expect(errorsFor(amount)).toEqual([{ isAmount: 'Invalid' }]);
    },
  );

  it('takes every whole number of cents as typed (n/100) up to ten million', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) =>
        isAmount(Number((cents / 100).toFixed(2))),
      ),
      { numRuns: 5_000 },
    );
  });
});
