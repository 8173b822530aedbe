import { BOOKING_MESSAGES, type WeekView } from '@medbook/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BookedPopup } from './booked-popup';
import { ChooseAnotherSlotDialog } from '../../../shared/choose-another-slot-dialog';
import { InsuranceList } from './insurance-list';

const zone = 'America/New_York';
const slot = (start: string) => ({
  id: start,
  calendar_id: 'c',
  start_date: start,
  end_date: start,
  booking_capacity: 1,
  is_available: true,
});
const week: WeekView = {
  calendar_id: 'c',
  time_zone: zone,
  start_date: '2026-03-10',
  end_date: '2026-03-14',
  online_booking_disabled: false,
  days: ['10', '11', '12', '13', '14', '15'].map((d) => ({
    day: `2026-03-${d}`,
    calendar_id: 'c',
    time_slots: d === '10' ? [slot('2026-03-10T14:00:00Z'), slot('2026-03-10T14:30:00Z')] : [],
  })),
};

describe('ChooseAnotherSlotDialog', () => {
  it('shows five days from the original date, CONFIRM only after a pick, never the same slot', async () => {
    const asked: string[] = [];
    const confirmed: string[] = [];
    let declined = 0;
    render(
      <ChooseAnotherSlotDialog
        open
        originalStart="2026-03-10T14:00:00Z"
        zone={zone}
        loadWeek={(day) => {
          asked.push(day);
          return Promise.resolve(week);
        }}
        onConfirm={(start) => confirmed.push(start)}
        onDecline={() => (declined += 1)}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'CONFIRM' });
    expect(confirm).toHaveProperty('disabled', true);
    await screen.findByRole('group', { name: 'Tue, Mar 10' });
    expect(asked).toEqual(['2026-03-10']);
    expect(screen.getAllByRole('group')).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Tue, Mar 10 10:00 AM' }));
    expect(screen.getByText(BOOKING_MESSAGES.sameSlot)).toBeTruthy();
    expect(confirm).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Tue, Mar 10 10:30 AM' }));
    expect(screen.queryByText(BOOKING_MESSAGES.sameSlot)).toBeNull();
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    expect(confirmed).toEqual(['2026-03-10T14:30:00Z']);

    fireEvent.click(screen.getByRole('button', { name: "I don't want an appointment right now" }));
    expect(declined).toBe(1);
  });
});

describe('BookedPopup', () => {
  afterEach(() => jest.useRealTimers());

  it('goes to check-in after 2.5 s', () => {
    jest.useFakeTimers();
    let checkedIn = 0;
    render(
      <BookedPopup
        kind="check-in"
        memberName={null}
        onManage={() => undefined}
        onFindOthers={() => undefined}
        onCheckIn={() => (checkedIn += 1)}
      />,
    );
    expect(screen.getByText("Let's get you checked in...")).toBeTruthy();
    act(() => jest.advanceTimersByTime(2_499));
    expect(checkedIn).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(checkedIn).toBe(1);
  });

  it('names the family member and offers to manage or find other doctors', () => {
    const clicks: string[] = [];
    render(
      <BookedPopup
        kind="scheduled"
        memberName="Ada Lovelace"
        onManage={() => clicks.push('manage')}
        onFindOthers={() => clicks.push('find')}
        onCheckIn={() => clicks.push('check-in')}
      />,
    );
    expect(screen.getByText('Your appointment for Ada Lovelace has been scheduled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Manage appointment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Find other doctors' }));
    expect(clicks).toEqual(['manage', 'find']);
  });

  it('says a pending request was sent', () => {
    render(
      <BookedPopup
        kind="pending"
        memberName={null}
        onManage={() => undefined}
        onFindOthers={() => undefined}
        onCheckIn={() => undefined}
      />,
    );
    expect(screen.getByText('Appointment request sent!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

describe('InsuranceList', () => {
  it('filters by prefix, reports a choice, and reopens with Select insurance', () => {
    const choices: unknown[] = [];
    const { rerender } = render(
      <InsuranceList
        insurances={['Aetna', 'Anthem', 'Cigna']}
        selfPayOffered
        value={null}
        onChange={(choice) => choices.push(choice)}
      />,
    );
    expect(screen.getByText('Self paying')).toBeTruthy();
    expect(screen.getByText("I don't have insurance")).toBeTruthy();
    expect(screen.getByText('Skip insurance')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search insurance'), { target: { value: 'a' } });
    expect(screen.getByText('Aetna')).toBeTruthy();
    expect(screen.queryByText('Cigna')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search insurance'), { target: { value: 'x' } });
    expect(screen.getByText('No Result Found. Try a different search.')).toBeTruthy();
    fireEvent.click(screen.getByText('Skip insurance'));
    expect(choices).toEqual(['skip']);

    rerender(
      <InsuranceList
        insurances={['Aetna']}
        selfPayOffered={false}
        value={{ insurance: 'Aetna' }}
        onChange={(choice) => choices.push(choice)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select insurance' }));
    expect(choices).toEqual(['skip', null]);
  });

  it("hides 'Self paying' when self-pay is not offered", () => {
    render(
      <InsuranceList
        insurances={[]}
        selfPayOffered={false}
        value={null}
        onChange={() => undefined}
      />,
    );
    expect(screen.queryByText('Self paying')).toBeNull();
  });
});
