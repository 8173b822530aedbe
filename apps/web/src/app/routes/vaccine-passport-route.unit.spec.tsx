import { VACCINATION_MESSAGES } from '@medbook/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { rememberPassportVisitor } from '../../features/vaccination/passport-visitor';
import { VaccinePassportRoute } from './vaccine-passport-route';

const renderSignedOut = () =>
  render(
    <MemoryRouter initialEntries={['/vaccine-passport']}>
      <VaccinePassportRoute page="home" />
    </MemoryRouter>,
  );

beforeEach(() => localStorage.clear());

describe('the vaccination passport login variant', () => {
  it("asks a new visitor to log in for their passport, without 'Create New Account'", () => {
    renderSignedOut();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      VACCINATION_MESSAGES.loginHeading,
    );
    expect(screen.queryByTestId('login-signup-link')).toBeNull();
    expect(screen.getByTestId('login-submit')).toBeTruthy();
  });

  it('welcomes back a visitor who got a passport on this device before', () => {
    rememberPassportVisitor('Ada');
    renderSignedOut();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome Back, Ada');
  });
});
