import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@medbook/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { resetPassword } from '../api/account-api';
import { ForgotPasswordPage, forgotPasswordOf, ResetPasswordPage } from './password-reset-pages';

jest.mock('../api/account-api', () => ({
  forgotPassword: jest.fn(),
  verifyCode: jest.fn(),
  resetPassword: jest.fn(),
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderReset(path = '/account/reset-password') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/reset-password" element={<ResetPasswordPage />} />
        <Route path="/account/forgot-password" element={<ForgotPasswordPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByTestId('reset-password'), { target: { value: 'New-Horse-9!' } });
  fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'New-Horse-9!' } });
  fireEvent.click(screen.getByTestId('reset-submit'));
  return { where: () => screen.getByTestId('where').textContent };
}

describe('a password update refused with 400', () => {
  it("goes back to forgot-password with the server's error", async () => {
    jest
      .mocked(resetPassword)
      .mockRejectedValueOnce(new ApiError(400, VALIDATION_MESSAGES.passwordsMustDiffer, null));
    const { where } = renderReset();
    expect((await screen.findByTestId('forgot-error')).textContent).toBe(
      VALIDATION_MESSAGES.passwordsMustDiffer,
    );
    expect(where()).toBe('/account/forgot-password');
  });

  it("says 'Unable to update Password. Please try again.' when the server gives no words", async () => {
    jest.mocked(resetPassword).mockRejectedValueOnce(new ApiError(400, '', null));
    renderReset();
    expect((await screen.findByTestId('forgot-error')).textContent).toBe(
      AUTH_MESSAGES.passwordUpdateFailed,
    );
  });

  it('stays on the page for any other failure', async () => {
    jest.mocked(resetPassword).mockRejectedValueOnce(new ApiError(500, 'Down', null));
    const { where } = renderReset();
    expect((await screen.findByTestId('reset-error')).textContent).toBe('Down');
    expect(where()).toBe('/account/reset-password');
  });

  it('keeps the flow: {flow}/reset-password goes back to {flow}/forgot-password', () => {
    expect(forgotPasswordOf('/account/reset-password')).toBe('/account/forgot-password');
    expect(forgotPasswordOf('/patient-review/appointments/7/reset-password')).toBe(
      '/patient-review/appointments/7/forgot-password',
    );
  });
});
