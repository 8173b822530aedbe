import { ValidateBy } from 'class-validator';

/** Whether a value is an amount of money: a finite number with at most two decimals. */
export function isAmount(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    // A number typed with two decimals parses to the double nearest n/100, which is what this
    // division gives back; anything finer (12.345, 5e-324) does not survive the round trip.
    Math.round(value * 100) / 100 === value
  );
}

/**
 * An amount of money, refused with 'Invalid' otherwise. (class-validator's own
 * `IsNumber({ maxDecimalPlaces })` throws on fractions it prints in exponent form, such as
 * 5e-324 or 1e-7, which turned a hostile body into a 500.)
 */
export function IsAmount(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAmount',
      validator: { validate: isAmount, defaultMessage: () => 'Invalid' },
    },
    { message: 'Invalid' },
  );
}
