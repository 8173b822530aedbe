import {
  CALENDAR_MESSAGES,
  type CalendarView,
  VALIDATION_MESSAGES,
  weeklyHoursOf,
} from '@medbook/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { i18n, setLanguage } from '../../shared/i18n';
import {
  blockedSpanOf,
  type CalendarForm,
  changesOf,
  createSettingsOf,
  formOf,
  openDaysOf,
  validateCalendarForm,
  weeklyHoursOfForm,
  weekTimeFrameOf,
} from './calendar-form-rules';
import { CalendarSettingsForm } from './components/calendar-settings-form';

const calendar: CalendarView = {
  calendar_id: 'cal',
  practice_id: 'p',
  name: 'Dr. Rivera',
  provider_id: 'prov',
  resource_id: null,
  facility_id: 'f',
  time_zone: 'America/New_York',
  visit_type: 'Office',
  first_hour: 8,
  last_hour: 17,
  time_step: 30,
  working_days: [1, 2, 3, 4, 5],
  weekly_hours: weeklyHoursOf(8, 17, [1, 2, 3, 4, 5]),
  date_from: '2026-11-23',
  date_to: null,
  booking_capacity: 1,
  marked_time_spans: [],
  minutes_before_showing_slots: 60,
  slots_hide_hours: 0,
  online_booking_disabled: false,
  wait_list_enabled: false,
  can_check_in: false,
  check_in_opens_minutes_before: 60,
  check_in_closes_minutes_after: 15,
  accept_reject_enabled: false,
  hold_minutes: 10,
  reasons: [],
  associated_reasons: [],
  custom_form_ids: [],
  collect_patient_demographics: false,
  enable_insurance: true,
  enable_insurance_eligibility: false,
  is_lab_test: false,
};
const form = (changes: Partial<CalendarForm> = {}): CalendarForm => ({
  ...formOf(calendar),
  ...changes,
});
const m = { ...VALIDATION_MESSAGES, ...CALENDAR_MESSAGES };
/** Monday 08:00–12:00 and 13:30–17:00; Saturday mornings. */
const split = [
  [
    { start: '08:00', end: '12:00' },
    { start: '13:30', end: '17:00' },
  ],
  [],
  [],
  [],
  [],
  [{ start: '09:00', end: '12:00' }],
  [],
];
const forms = [
  { id: 'covid-screening', title: 'COVID-19 screening', questions: [] },
  { id: 'new-patient', title: 'New patient questions', questions: [] },
];

describe('the calendar form rules', () => {
  it('accepts the calendar as it is', () => {
    expect(validateCalendarForm(form())).toEqual({});
  });

  it.each<[string, Partial<CalendarForm>, keyof CalendarForm, string]>([
    [
      'overlapping spans on a day',
      { weekly_hours: [[...split[0]!, { start: '11:00', end: '12:30' }], [], [], [], [], [], []] },
      'weekly_hours',
      m.weeklyHoursOverlap,
    ],
    [
      'a step that does not fill the spans',
      { time_step: '120' },
      'weekly_hours',
      m.weeklyHoursStep,
    ],
    [
      'a span that ends first',
      { weekly_hours: [[{ start: '12:00', end: '08:00' }], [], [], [], [], [], []] },
      'weekly_hours',
      m.weeklyHoursSpan,
    ],
    ['a step not offered', { time_step: '7' }, 'time_step', m.invalid],
    ['an end date before the start', { date_to: '2026-11-01' }, 'date_to', m.dates],
    ['a capacity of 0', { booking_capacity: '0' }, 'booking_capacity', m.capacity],
    ['a capacity of 501', { booking_capacity: '501' }, 'booking_capacity', m.capacity],
    [
      'no hours on any day',
      { weekly_hours: [[], [], [], [], [], [], []] },
      'weekly_hours',
      m.weeklyHoursEmpty,
    ],
    ['an empty name', { name: ' ' }, 'name', 'Required'],
    [
      'minutes that are not a number',
      { minutes_before_showing_slots: 'soon' },
      'minutes_before_showing_slots',
      m.invalid,
    ],
    ['a missing first date', { date_from: '' }, 'date_from', 'Required'],
  ])('refuses %s', (_, changes, field, message) => {
    expect(validateCalendarForm(form(changes))[field]).toBe(message);
  });

  it('sends only what changed, as the API types it', () => {
    expect(
      changesOf(
        calendar,
        form({
          weekly_hours: split,
          wait_list_enabled: true,
          custom_form_ids: ['new-patient', 'covid-screening'],
        }),
      ),
    ).toEqual({
      weekly_hours: [
        { weekday: 1, spans: split[0] },
        { weekday: 2, spans: [] },
        { weekday: 3, spans: [] },
        { weekday: 4, spans: [] },
        { weekday: 5, spans: [] },
        { weekday: 6, spans: split[5] },
        { weekday: 7, spans: [] },
      ],
      wait_list_enabled: true,
      custom_form_ids: ['new-patient', 'covid-screening'],
    });
    expect(changesOf(calendar, form())).toEqual({});
  });

  it('creates a calendar with its weekly hours and the single hours they span', () => {
    expect(createSettingsOf(form({ weekly_hours: split }))).toMatchObject({
      first_hour: 8,
      last_hour: 17,
      working_days: [1, 6],
    });
  });

  it("reads a blocked span in the facility's zone and refuses one that ends first", () => {
    expect(blockedSpanOf('2026-11-24T09:00', '2026-11-24T11:00', 'America/New_York')).toEqual({
      span: { start: '2026-11-24T14:00:00Z', end: '2026-11-24T16:00:00Z' },
    });
    expect(blockedSpanOf('2026-11-24T11:00', '2026-11-24T09:00', 'America/New_York')).toEqual({
      error: m.span,
    });
    expect(blockedSpanOf('', '2026-11-24T09:00', 'UTC')).toEqual({ error: 'Required' });
  });

  it('reads a week time frame as n weeks or a first and a last week', () => {
    expect(weekTimeFrameOf('2')).toEqual({ frame: [2] });
    expect(weekTimeFrameOf('1-3')).toEqual({ frame: [1, 3] });
    expect(weekTimeFrameOf('')).toEqual({ frame: [] });
    for (const bad of ['3-1', '0', 'x', '1-2-3']) {
      expect(weekTimeFrameOf(bad)).toEqual({ error: m.weekTimeFrame });
    }
  });
});

describe('CalendarSettingsForm', () => {
  it('labels every control, shows problems after submit, and submits only a valid form', () => {
    const sent: CalendarForm[] = [];
    render(
      <CalendarSettingsForm
        initial={form({ booking_capacity: '0' })}
        submitLabel="Save settings"
        customForms={forms}
        onSubmit={(f) => sent.push(f)}
      />,
    );
    for (const label of [
      'Calendar name',
      'Capacity per slot',
      'First date',
      'Last date (optional)',
      'Minutes before showing slots',
      'Hide slots for the next (hours)',
      'Custom forms',
      'Monday span 1 from',
      'Monday span 1 until',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    for (const label of [
      'Waitlist',
      'Requests need accept/reject (bookings wait as Pending)',
      'Online booking disabled',
      'Collect patient demographics',
      'Insurance step',
      'Insurance eligibility check',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    for (const day of ['Monday', 'Sunday']) {
      expect(screen.getByRole('listitem', { name: day })).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: 'Time step (minutes)' })).toBeTruthy();
    // Untouched: no message yet.
    expect(screen.queryByText(m.capacity)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText(m.capacity)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Capacity per slot'), { target: { value: '3' } });
    expect(screen.queryByText(m.capacity)).toBeNull();
    fireEvent.click(screen.getByLabelText('Waitlist'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ booking_capacity: '3', wait_list_enabled: true });
  });

  it('adds, removes and copies spans of hours; a week without hours is refused', () => {
    const sent: CalendarForm[] = [];
    render(
      <CalendarSettingsForm
        initial={form({
          weekly_hours: [[{ start: '08:00', end: '12:00' }], [], [], [], [], [], []],
        })}
        submitLabel="Save settings"
        customForms={forms}
        onSubmit={(f) => sent.push(f)}
      />,
    );
    const monday = screen.getByRole('listitem', { name: 'Monday' });
    expect(
      within(screen.getByRole('listitem', { name: 'Sunday' })).getByText('Closed'),
    ).toBeTruthy();
    fireEvent.click(within(monday).getByRole('button', { name: 'Add hours (Monday)' }));
    fireEvent.change(screen.getByLabelText('Monday span 2 from'), { target: { value: '13:30' } });
    fireEvent.change(screen.getByLabelText('Monday span 2 until'), { target: { value: '17:00' } });
    fireEvent.click(within(monday).getByRole('button', { name: 'Copy to all weekdays (Monday)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(sent).toHaveLength(1);
    const days = sent[0]!.weekly_hours;
    expect(days.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => split[0]));
    expect(days.slice(5)).toEqual([[], []]);

    // An overlap is named under its day.
    fireEvent.change(screen.getByLabelText('Friday span 2 from'), { target: { value: '11:00' } });
    expect(screen.getByText(m.weeklyHoursOverlap)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(sent).toHaveLength(1);

    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      const day = screen.getByRole('listitem', { name });
      fireEvent.click(within(day).getByRole('button', { name: `Remove ${name} span 2` }));
      fireEvent.click(within(day).getByRole('button', { name: `Remove ${name} span 1` }));
    }
    expect(screen.getByText(m.weeklyHoursEmpty)).toBeTruthy();
  });
});

describe('the calendar editor in Spanish', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it("lists a calendar's open days in the chosen language", () => {
    const es = i18n.getFixedT('es');
    const week = { weekly_hours: weeklyHoursOf(8, 17, [1, 2, 3]) };
    const splitWeek = { weekly_hours: weeklyHoursOfForm(split) };
    const closed = { weekly_hours: weeklyHoursOfForm([[], [], [], [], [], [], []]) };
    expect(openDaysOf(week)).toBe('Mon Tue Wed');
    expect(openDaysOf(splitWeek)).toBe('Mon Sat · split hours');
    expect(openDaysOf(closed)).toBe('Closed');
    expect(openDaysOf(week, es)).toBe('Lun Mar Mié');
    expect(openDaysOf(splitWeek, es)).toBe('Lun Sáb · horario partido');
    expect(openDaysOf(closed, es)).toBe('Cerrado');
  });

  it('labels the form in Spanish and names its problems in Spanish', async () => {
    await act(() => setLanguage('es'));
    const sent: CalendarForm[] = [];
    render(
      <CalendarSettingsForm
        initial={form({ booking_capacity: '0' })}
        submitLabel="Guardar la configuración"
        customForms={forms}
        onSubmit={(f) => sent.push(f)}
      />,
    );
    for (const label of [
      'Nombre del calendario',
      'Capacidad por horario',
      'Última fecha (opcional)',
      'Formularios personalizados',
      'Lunes, tramo 1, desde',
      'Lunes, tramo 1, hasta',
      'Lista de espera',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('listitem', { name: 'Domingo' })).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Sábado' })).getByText('Cerrado'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar horario (Lunes)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(
      screen.getByText(
        'La capacidad de reserva por horario debe ser un número entero del 1 al 500.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(m.capacity)).toBeNull();
    expect(sent).toEqual([]);
  });
});
