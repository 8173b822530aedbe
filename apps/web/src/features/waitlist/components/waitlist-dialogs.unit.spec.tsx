import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { alreadyOnListTexts, authHeaderTexts, joinedTexts, ONLY_PATIENT } from '../waitlist-texts';
import { WaitlistAuthDialog, WaitlistResultDialog } from './waitlist-dialogs';
import { countdownText } from './waitlist-panel';

afterEach(cleanup);

describe('waitlist dialog texts (spec 2.10)', () => {
  it('thanks an eligible patient and promises a slot', () => {
    render(
      <WaitlistResultDialog
        open
        result="joined"
        eligible
        practice="Sunrise Clinic"
        onClose={() => {}}
      />,
    );
    expect(screen.getByText("Thank you for registering. You're on the list")).toBeTruthy();
    expect(
      screen.getByText(
        "We've received your waitlist request and will be in touch once we have an available slot.",
      ),
    ).toBeTruthy();
  });

  it('tells an ineligible patient they will hear once eligible', () => {
    expect(joinedTexts(false).lines).toEqual([
      "We've received your waitlist request and will be in touch once you're eligible to book your appointment.",
    ]);
  });

  it('names the practice when the patient is already on the list', () => {
    const closed: string[] = [];
    render(
      <WaitlistResultDialog
        open
        result="already"
        eligible
        practice="Sunrise Clinic"
        onClose={() => closed.push('ok')}
      />,
    );
    expect(screen.getByText("You're already on the waitlist")).toBeTruthy();
    expect(
      screen.getByText('We will notify you once Sunrise Clinic has an available slot'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(closed).toEqual(['ok']);
    expect(alreadyOnListTexts(false, 'Sunrise Clinic').lines).toEqual([
      "We will notify you once you're eligible to book your appointment",
    ]);
  });

  it('asks a visitor to log in, or to sign up, naming the practice', () => {
    const asked: string[] = [];
    render(
      <WaitlistAuthDialog
        open
        eligible
        practice="Sunrise Clinic"
        onLogin={() => asked.push('login')}
        onSignUp={() => asked.push('signup')}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Join the waitlist now')).toBeTruthy();
    expect(
      screen.getByText(
        'Please LOGIN so that you can be enrolled in the waiting list and Sunrise Clinic can reach you',
      ),
    ).toBeTruthy();
    expect(
      screen.queryByText("We're sorry, you are not yet eligible to receive the COVID-19 vaccine"),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByText('Please SIGN UP so that Sunrise Clinic can reach you')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(asked).toEqual(['login', 'signup']);
  });

  it('adds the eligibility apology for an ineligible visitor', () => {
    expect(authHeaderTexts('signup', false, 'Sunrise Clinic').lines).toEqual([
      "We're sorry, you are not yet eligible to receive the COVID-19 vaccine",
      'Please SIGN UP so that Sunrise Clinic can reach you',
    ]);
    expect(ONLY_PATIENT).toBe('Only patient can be added into waitlist');
  });

  it('counts an offer down in minutes and seconds, never below zero', () => {
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(countdownText('2030-01-01T10:14:05Z', now)).toBe('14:05');
    expect(countdownText('2030-01-01T10:00:00.500Z', now)).toBe('0:01');
    expect(countdownText('2030-01-01T09:59:00Z', now)).toBe('0:00');
  });
});
