import { fold } from '../../../domain/decider';
import { calendarChangeEvents } from './calendar-change-events';
import { calendarSettings } from './calendar-settings.fixture.spec';
import { type CalendarSettings, evolveCalendar, initialCalendarState } from './calendar.events';

const at = '2026-03-06T15:00:00.000Z';
const a = { start: '2026-03-09T13:00:00Z', end: '2026-03-09T14:00:00Z' };
const b = { start: '2026-03-10T13:00:00Z', end: '2026-03-10T14:00:00Z' };
const c = { start: '2026-03-11T13:00:00Z', end: '2026-03-11T14:00:00Z' };

/** A calendar created before the reasons and the wizard existed: those fields are absent. */
const old = calendarSettings({ calendar_id: 'cal' });
const folded = (settings: CalendarSettings, changes: Partial<CalendarSettings>) =>
  fold({ initialState: initialCalendarState, evolve: evolveCalendar }, [
    { type: 'CalendarCreated', data: { ...settings, created_at: at } },
    ...calendarChangeEvents(settings, changes, at),
  ]).settings;

describe('the events of a change of settings', () => {
  it.each<[string, CalendarSettings, Partial<CalendarSettings>]>([
    ['hours and capacity', old, { first_hour: 2, booking_capacity: 3 }],
    [
      'every kind at once',
      old,
      {
        name: 'N',
        visit_type: 'Telehealth',
        working_days: [1],
        date_to: '2026-12-31',
        time_step: 30,
        slots_hide_hours: 1,
        hold_minutes: 5,
        custom_form_ids: ['f'],
        marked_time_spans: [a],
        reasons: ['X'],
      },
    ],
    [
      'a list of spans in another order, one new',
      { ...old, marked_time_spans: [a, b] },
      { marked_time_spans: [c, b, a] },
    ],
    [
      'spans reopened and blocked',
      { ...old, marked_time_spans: [a, b] },
      { marked_time_spans: [c] },
    ],
    [
      'reasons listed anew, reordered, one added',
      {
        ...old,
        reasons: ['A', 'B'],
        associated_reasons: [{ title: 'A', week_time_frame: [1, 2] }],
      },
      { reasons: ['B', 'A', 'C'] },
    ],
    [
      'a reason dropped with its rules',
      {
        ...old,
        reasons: ['A', 'B'],
        associated_reasons: [{ title: 'A', week_time_frame: [1, 2] }, { title: 'B' }],
      },
      { reasons: ['B'], associated_reasons: [{ title: 'B' }] },
    ],
    [
      'rules moved to the end of the list',
      { ...old, reasons: ['A', 'B'], associated_reasons: [{ title: 'A' }, { title: 'B' }] },
      { associated_reasons: [{ title: 'B' }, { title: 'A', allow_immediate_checkin: true }] },
    ],
  ])('fold to exactly the settings the change asked for: %s', (_, settings, changes) => {
    // Exactly: a field the calendar never set stays absent unless the change set it.
    expect(folded(settings, changes)).toStrictEqual({ ...settings, ...changes });
  });

  it('leave a field never set absent when a change lands on its default', () => {
    expect(calendarChangeEvents(old, { reasons: [], enable_insurance: true }, at)).toEqual([]);
    const settings = folded(old, { wait_list_enabled: true });
    expect(settings).not.toHaveProperty('reasons');
    expect(settings).not.toHaveProperty('enable_insurance');
  });

  it('tell each kind once, with its fields before and after', () => {
    expect(
      calendarChangeEvents(old, { hold_minutes: 5, can_check_in: true, time_step: 30 }, at),
    ).toEqual([
      {
        type: 'CalendarTimeStepChanged',
        data: {
          calendar_id: 'cal',
          before: { time_step: 60 },
          after: { time_step: 30 },
          changed_at: at,
        },
      },
      {
        type: 'CalendarBookingRulesChanged',
        data: {
          calendar_id: 'cal',
          before: { can_check_in: false, hold_minutes: 10 },
          after: { can_check_in: true, hold_minutes: 5 },
          changed_at: at,
        },
      },
    ]);
  });
});
