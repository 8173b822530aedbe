import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { socialSignUp } from '../api/account-api';
import { SocialSignUpPage } from './social-pages';

jest.mock('../api/account-api', () => ({
  exchangeSocialTicket: jest.fn(),
  socialSignUp: jest.fn(() => new Promise(() => undefined)),
}));

function renderPage(query: string, consent = true) {
  render(
    <MemoryRouter initialEntries={[`/social-signup?ticket=t1&${query}`]}>
      <Routes>
        <Route path="/social-signup" element={<SocialSignUpPage />} />
      </Routes>
    </MemoryRouter>,
  );
  if (consent)
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SocialSignUpPage', () => {
  beforeEach(() => jest.mocked(socialSignUp).mockClear());

  it('asks for consent to the terms, announcing the refusal', () => {
    renderPage('firstName=Ana&lastName=Lee', false);
    const message = 'Please accept the Terms of Use and Privacy Policy to create an account.';
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByTestId('form-errors').textContent).toBe(
      `1 field needs attention. Terms of Use: ${message}`,
    );
    expect(socialSignUp).not.toHaveBeenCalled();
  });

  it("holds the provider's names to the one name rule before sending", () => {
    renderPage('firstName=A%20%20&lastName=Lee--Ann');
    expect(screen.getByText('Invalid character length')).toBeTruthy();
    expect(screen.getByText('Invalid')).toBeTruthy();
    expect(socialSignUp).not.toHaveBeenCalled();
  });

  it('sends names composed (NFC) and trimmed', async () => {
    renderPage(`firstName=${encodeURIComponent(' Zoe\u0308 ')}&lastName=O'Brien`);
    await waitFor(() => expect(socialSignUp).toHaveBeenCalledWith('t1', 'Zoë', "O'Brien"));
  });
});
