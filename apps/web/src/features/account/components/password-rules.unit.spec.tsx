import { render, screen } from '@testing-library/react';
import { PASSWORD_RULE } from '../validation';
import { PASSWORD_CHECKS, PasswordRules } from './password-rules';

const allMet = (password: string) => PASSWORD_CHECKS.every(({ test }) => test.test(password));

describe('password rules shown as they are met', () => {
  it.each([
    ['', false],
    ['short1!', false],
    ['alllowercase1!', false],
    ['ALLUPPERCASE1!', false],
    ['NoDigits!!', false],
    ['NoSymbols12', false],
    ['Correct-Horse-9', true],
    ['Ünïcode-Pass-1a', true],
    [`Aa1!${'x'.repeat(125)}`, false],
  ])('%j: every check met exactly when the rule accepts it (%s)', (password, valid) => {
    expect(PASSWORD_RULE.test(password)).toBe(valid);
    expect(allMet(password)).toBe(valid);
  });

  it('ticks each check as the password meets it', () => {
    const { rerender } = render(<PasswordRules id="rules" password="abc" />);
    const met = () =>
      screen
        .getAllByTestId('password-rule')
        .filter((item) => item.dataset.met === 'true')
        .map((item) => item.textContent?.replace(/ \((met|not met yet)\)$/, ''));
    expect(met()).toEqual(['A lowercase letter']);
    rerender(<PasswordRules id="rules" password="Abc1!xyz" />);
    expect(met()).toEqual(PASSWORD_CHECKS.map((c) => c.label));
    expect(screen.getAllByText(/\(met\)/)).toHaveLength(5);
  });
});
