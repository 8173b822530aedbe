import type { TimeSlotView, WeekView } from '@medbook/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { WeekAvailabilityView, type WeekAvailabilityViewProps } from './week-availability-view';

const ZONE = 'America/New_York';
const DAYS = ['2030-01-07', '2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11'];

/** `count` half-hour slots from 08:00 New York (13:00Z in January). */
const slots = (day: string, count: number, places = 1): TimeSlotView[] =>
  Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.parse(`${day}T13:00:00Z`) + i * 30 * 60_000).toISOString();
    return {
      id: start,
      calendar_id: 'c1',
      start_date: start,
      end_date: start,
      booking_capacity: places,
      is_available: places > 0,
    };
  });

const week = (perDay: TimeSlotView[][]): WeekView => ({
  calendar_id: 'c1',
  time_zone: ZONE,
  start_date: DAYS[0]!,
  end_date: DAYS[4]!,
  online_booking_disabled: false,
  days: DAYS.map((day, i) => ({ day, calendar_id: 'c1', time_slots: perDay[i] ?? [] })),
});

function show(overrides: Partial<WeekAvailabilityViewProps>) {
  const calls = { scroll: [] as number[], jump: [] as string[], select: [] as string[] };
  render(
    <WeekAvailabilityView
      state={{ status: 'loading' }}
      zone={ZONE}
      canGoBack
      canGoForward
      onScroll={(d) => calls.scroll.push(d)}
      onJumpTo={(d) => calls.jump.push(d)}
      onSelect={(s) => calls.select.push(s.start_date)}
      {...overrides}
    />,
  );
  return calls;
}

const day = (label: string) => within(screen.getByRole('group', { name: label }));

describe('WeekAvailabilityView', () => {
  it('shows five days, five slots a day as h:mm a in the facility zone, and More appointments', () => {
    const calls = show({
      state: {
        status: 'ready',
        week: week([slots(DAYS[0]!, 8), slots(DAYS[1]!, 2)]),
        nextAvailableDay: undefined,
      },
    });
    expect(screen.getAllByRole('group')).toHaveLength(5);
    const monday = day('Monday, January 7');
    expect(monday.getAllByTestId('slot').map((b) => b.textContent)).toEqual([
      '8:00 am',
      '8:30 am',
      '9:00 am',
      '9:30 am',
      '10:00 am',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'More appointments' }));
    expect(monday.getAllByTestId('slot')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'More appointments' })).toBeNull();
    fireEvent.click(monday.getByText('11:30 am'));
    expect(calls.select).toEqual(['2030-01-07T16:30:00.000Z']);
  });

  it('shows three slots a day in list mode', () => {
    show({
      listMode: true,
      state: { status: 'ready', week: week([slots(DAYS[0]!, 4)]), nextAvailableDay: undefined },
    });
    expect(day('Monday, January 7').getAllByTestId('slot')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'More appointments' })).toBeTruthy();
  });

  it("shows '-' for a slot without places and for a day without slots", () => {
    show({
      state: { status: 'ready', week: week([slots(DAYS[0]!, 1, 0)]), nextAvailableDay: undefined },
    });
    expect(day('Monday, January 7').queryAllByTestId('slot')).toHaveLength(0);
    expect(day('Monday, January 7').getByText('-')).toBeTruthy();
    expect(day('Tuesday, January 8').getByText('-')).toBeTruthy();
  });

  it('offers the next available day when this week has none', () => {
    const calls = show({
      state: { status: 'ready', week: week([]), nextAvailableDay: '2030-02-04' },
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Next Availability is Monday, February 4' }),
    );
    expect(calls.jump).toEqual(['2030-02-04']);
    expect(screen.queryByText('No availability.')).toBeNull();
  });

  it('says No availability. and offers the waiting list only when the calendar takes one', () => {
    const joined: string[] = [];
    show({
      state: { status: 'ready', week: week([]), nextAvailableDay: null },
      onJoinWaitlist: () => joined.push('yes'),
    });
    expect(screen.getByText('No availability.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join Waiting List' }));
    expect(joined).toEqual(['yes']);
  });

  it('has no waiting list button without a waiting list', () => {
    show({ state: { status: 'ready', week: week([]), nextAvailableDay: null } });
    expect(screen.getByText('No availability.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Waiting List' })).toBeNull();
  });

  it('scrolls by five days within its range', () => {
    const calls = show({
      canGoBack: false,
      state: { status: 'ready', week: week([slots(DAYS[0]!, 1)]), nextAvailableDay: undefined },
    });
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Previous five days' }).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next five days' }));
    expect(calls.scroll).toEqual([1]);
  });

  it('shows placeholders while loading', () => {
    show({});
    expect(screen.getByTestId('availability').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByTestId('slot')).toHaveLength(0);
  });
});
