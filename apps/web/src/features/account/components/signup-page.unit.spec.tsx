import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@medbook/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { signUp } from '../api/account-api';
import { SignUpPage } from './signup-page';

jest.mock('../api/account-api', () => ({ signUp: jest.fn() }));
jest.mock('../after-sign-in', () => ({ completeSignIn: () => '/dashboard/patient' }));

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/account/signup']}>
      <SignUpPage />
    </MemoryRouter>,
  );
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByTestId(`signup-${name}`), { target: { value } });

beforeEach(() => jest.mocked(signUp).mockReset());

describe('sign-up page', () => {
  it("orders the fields as the spec's person and credentials do, and links to log in", () => {
    renderPage();
    const order = [...document.querySelectorAll('input[data-testid^="signup-"]')].map((input) =>
      input.getAttribute('data-testid'),
    );
    expect(order).toEqual([
      'signup-first_name',
      'signup-last_name',
      'signup-zip_code',
      'signup-email',
      'signup-confirm_email',
      'signup-password',
      'signup-confirm_password',
      'signup-mobile_number',
      'signup-terms',
    ]);
    expect(screen.getByTestId('signup-login-link').getAttribute('href')).toBe('/account');
  });

  it('announces the errors of a refused submit and moves focus to the first invalid field', async () => {
    renderPage();
    type('email', 'ann@example.com');
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('signup-first_name')),
    );
    const summary = screen.getByTestId('form-errors');
    expect(summary.getAttribute('role')).toBe('alert');
    expect(summary.textContent).toMatch(/^\d+ fields need attention\. First Name: Required\./);
    expect(summary.textContent).toContain(`Confirm Email: ${VALIDATION_MESSAGES.emailsMustMatch}`);
    expect(summary.textContent).toContain(`Terms of Use: ${AUTH_MESSAGES.termsRequired}`);
    expect(screen.getByText(AUTH_MESSAGES.termsRequired)).toBeTruthy();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('ticks the password rules as they are met', () => {
    renderPage();
    const met = () =>
      screen.getAllByTestId('password-rule').filter((r) => r.dataset.met === 'true').length;
    expect(met()).toBe(0);
    type('password', 'abcdefgh');
    expect(met()).toBe(2);
    type('password', 'Abcdefg1!');
    expect(met()).toBe(5);
  });

  it('refuses to send without consent to the terms, and sends it once given', async () => {
    jest.mocked(signUp).mockResolvedValue({} as never);
    renderPage();
    type('first_name', 'Ann');
    type('last_name', 'Lee');
    type('email', 'ann@example.com');
    type('confirm_email', 'ann@example.com');
    type('password', 'Correct-Horse-9');
    type('confirm_password', 'Correct-Horse-9');
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('signup-terms')));
    expect(signUp).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('signup-terms'));
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(signUp).toHaveBeenCalledTimes(1));
    expect(jest.mocked(signUp).mock.calls[0]![0]).toMatchObject({
      first_name: 'Ann',
      email: 'ann@example.com',
      password: 'Correct-Horse-9',
      terms_accepted: true,
    });
  });
});
