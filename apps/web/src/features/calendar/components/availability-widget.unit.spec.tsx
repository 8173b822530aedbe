import type { LoginResult, UserView } from '@medbook/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { MemoryRouter } from 'react-router';
import { signedIn, signedOut } from '../../../shared/session';
import { zonesDiffer } from '../slot-time';
import { AvailabilityWidget, searchedStart } from './availability-widget';
import { TimeZoneDialog } from './time-zone-dialog';

const widget = (visited: boolean) =>
  render(
    <MemoryRouter>
      <AvailabilityWidget calendarId="c1" existingPatientsOnly patientVisitedBefore={visited} />
    </MemoryRouter>,
  );

describe('AvailabilityWidget for providers who see established patients only', () => {
  afterEach(() => {
    cleanup();
    signedOut();
  });

  it('asks a visitor to log in', () => {
    widget(false);
    expect(screen.getByText('Online booking is available for returning patients.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Log in to schedule your visit' }).getAttribute('href'),
    ).toBe('/login');
  });

  it('tells a new patient to contact the practice', () => {
    signedIn({
      access_token: 'a',
      refresh_token: 'r',
      session_id: 's',
      user: { name: { first_name: 'Ann', last_name: 'Lee' }, type: 'Patient' } as UserView,
    } as LoginResult);
    widget(false);
    expect(
      screen.getByText('Scheduling for this provider is restricted to established patients.'),
    ).toBeTruthy();
    expect(screen.getByText('Contact the Practice to book an appointment.')).toBeTruthy();
  });
});

describe('TimeZoneDialog', () => {
  it("shows both clocks in the spec's words and answers Yes or No", () => {
    const answers: boolean[] = [];
    render(
      <TimeZoneDialog
        start="2030-01-07T14:00:00Z"
        facilityZone="America/New_York"
        localZone="America/Los_Angeles"
        onAnswer={(yes) => answers.push(yes)}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Time Zone Difference' })).toBeTruthy();
    expect(
      screen.getByText(
        'You are currently located in a different time zone from the selected facility.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Please confirm the selected time slot.')).toBeTruthy();
    expect(screen.getByText('Your Time:').parentElement?.textContent).toContain('6:00 AM PST');
    expect(screen.getByText('Facility Time:').parentElement?.textContent).toContain('9:00 AM EST');
    expect(screen.getByText('Are you sure you want to continue with this selection?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(answers).toEqual([false, true]);
  });

  it('is needed only when the clocks differ at that moment', () => {
    expect(zonesDiffer('2030-01-07T14:00:00Z', 'America/New_York', 'America/Los_Angeles')).toBe(
      true,
    );
    expect(zonesDiffer('2030-01-07T14:00:00Z', 'America/New_York', 'America/Toronto')).toBe(false);
  });
});

describe('the week a searched date opens', () => {
  const now = DateTime.fromISO('2026-11-23T12:00:00');
  it('starts at the searched date, not today', () => {
    expect(searchedStart('2026-12-01', now)).toBe('2026-12-01');
    expect(searchedStart('2026-11-23', now)).toBe('2026-11-23');
  });
  it('starts today for no date, a past date or a malformed one', () => {
    expect(searchedStart(undefined, now)).toBeUndefined();
    expect(searchedStart('2026-11-01', now)).toBeUndefined();
    expect(searchedStart('12/01/2026', now)).toBeUndefined();
    expect(searchedStart('2026-13-45', now)).toBeUndefined();
  });
});
