import {
  type AppointmentFacts,
  type CalendarFacts,
  describe as tell,
} from './practice-audit.describe';

const appointment: AppointmentFacts = {
  practice_id: 'prac',
  patient_id: 'pat',
  calendar_id: 'cal',
  start_date: '2026-11-25T14:00:00Z',
  time_zone: 'America/New_York',
};
const calendar: CalendarFacts = {
  practice_id: 'prac',
  settings: {
    name: 'Dr. Lin',
    time_zone: 'America/New_York',
    booking_capacity: 1,
    working_days: [1, 2, 3],
  },
};
const lookups = {
  appointment: (id: string) => (id === 'appt' ? appointment : null),
  calendar: (id: string) => (id === 'cal' ? calendar : null),
  user: (id: string) =>
    id === 'nurse' ? { practice_id: 'prac', name: 'Nia Park', type: 'Staff' } : null,
};

describe('the audit trail in words', () => {
  it('tells a booking with the time in the facility zone and the article English wants', () => {
    const line = tell(
      'AppointmentBooked',
      {
        appointment_id: 'appt',
        practice_id: 'prac',
        patient_id: 'pat',
        calendar_id: 'cal',
        start_date: '2026-11-25T14:00:00Z',
        time_zone: 'America/New_York',
        visit_type: 'Office',
        status: 'Pending',
      },
      lookups,
    );
    expect(line).toMatchObject({
      practice_id: 'prac',
      kind: 'appointment',
      summary: 'Requested an office visit on Wed, Nov 25, 2026 at 9:00 AM EST',
      patient_id: 'pat',
    });
  });

  it("finds a later event's practice and patient from the booking", () => {
    expect(
      tell(
        'AppointmentStatusChanged',
        { appointment_id: 'appt', from: 'Pending', status: 'Accepted' },
        lookups,
      ),
    ).toEqual({
      practice_id: 'prac',
      kind: 'appointment',
      summary: 'Changed the status from Pending to Accepted',
      changes: [{ field: 'status', before: 'Pending', after: 'Accepted' }],
      patient_id: 'pat',
      appointment_id: 'appt',
      calendar_id: 'cal',
    });
    expect(tell('MeetingStarted', { appointment_id: 'appt' }, lookups)).toMatchObject({
      kind: 'meeting',
      summary: 'Started the video visit',
    });
    // An appointment it never saw booked is not told (it cannot say whose it is).
    expect(tell('AppointmentCanceled', { appointment_id: 'other' }, lookups)).toBeNull();
  });

  it('tells each kind of calendar change in a sentence of its own, before → after', () => {
    const told = (type: string, data: Record<string, unknown>) =>
      tell(type, { calendar_id: 'cal', changed_at: '2026-03-06T15:00:00Z', ...data }, lookups);
    expect(
      told('CalendarCapacityChanged', {
        before: { booking_capacity: 1 },
        after: { booking_capacity: 3 },
      }),
    ).toEqual({
      practice_id: 'prac',
      kind: 'calendar',
      summary: 'Changed the capacity of "Dr. Lin" from 1 to 3 per slot',
      changes: [{ field: 'booking_capacity', before: 1, after: 3 }],
      patient_id: null,
      appointment_id: null,
      calendar_id: 'cal',
    });
    const sentences: [string, Record<string, unknown>, string][] = [
      [
        'CalendarHoursChanged',
        { before: { first_hour: 8, last_hour: 17 }, after: { first_hour: 9.5, last_hour: 17 } },
        'Changed the hours of "Dr. Lin" from 8:00–17:00 to 9:30–17:00',
      ],
      [
        'CalendarWorkingDaysChanged',
        { before: { working_days: [1, 2, 3] }, after: { working_days: [1, 2, 3, 6] } },
        'Changed the working days of "Dr. Lin" from Mon, Tue, Wed to Mon, Tue, Wed, Sat',
      ],
      [
        'CalendarDateRangeChanged',
        {
          before: { date_from: '2026-03-01', date_to: null },
          after: { date_from: '2026-03-01', date_to: '2026-12-31' },
        },
        'Changed the dates of "Dr. Lin" from 2026-03-01 – open-ended to 2026-03-01 – 2026-12-31',
      ],
      [
        'CalendarTimeStepChanged',
        { before: { time_step: 60 }, after: { time_step: 30 } },
        'Changed the time step of "Dr. Lin" from 60 to 30 minutes',
      ],
      [
        'CalendarRenamed',
        { before: { name: 'Dr. Lin' }, after: { name: 'Dr. Lin (mornings)' } },
        'Renamed the calendar "Dr. Lin" to "Dr. Lin (mornings)"',
      ],
      [
        'CalendarBookingRulesChanged',
        {
          before: { wait_list_enabled: false, online_booking_disabled: false, hold_minutes: 10 },
          after: { wait_list_enabled: true, online_booking_disabled: true, hold_minutes: 15 },
        },
        'Changed the booking rules of "Dr. Lin": online booking on → off, waiting list off → on, hold minutes 10 → 15',
      ],
      [
        'CalendarWizardSettingsChanged',
        {
          before: { custom_form_ids: [], enable_insurance: true },
          after: { custom_form_ids: ['intake'], enable_insurance: false },
        },
        'Changed the booking wizard of "Dr. Lin": custom forms none → intake, insurance on → off',
      ],
      [
        'CalendarSlotVisibilityChanged',
        { before: { slots_hide_hours: 0 }, after: { slots_hide_hours: 2 } },
        'Changed when "Dr. Lin" shows its slots: hours before a slot is hidden 0 → 2',
      ],
      [
        'CalendarTimeSpanBlocked',
        {
          span: { start: '2026-03-09T13:00:00Z', end: '2026-03-09T15:00:00Z' },
          before: { marked_time_spans: [] },
          after: {
            marked_time_spans: [{ start: '2026-03-09T13:00:00Z', end: '2026-03-09T15:00:00Z' }],
          },
        },
        'Blocked Mon, Mar 9, 2026 at 9:00 AM to Mon, Mar 9, 2026 at 11:00 AM EDT on "Dr. Lin"',
      ],
      [
        'CalendarVisitReasonAdded',
        {
          reason: { title: 'Checkup', week_time_frame: [1, 2] },
          before: { reasons: [] },
          after: { reasons: ['Checkup'] },
        },
        'Added the visit reason "Checkup" to "Dr. Lin" (weeks 1, 2)',
      ],
      [
        'CalendarVisitReasonChanged',
        {
          reason: { title: 'Checkup', allow_immediate_checkin: true },
          before: { associated_reasons: [{ title: 'Checkup', week_time_frame: [1, 2] }] },
          after: { associated_reasons: [{ title: 'Checkup', allow_immediate_checkin: true }] },
        },
        'Changed the visit reason "Checkup" on "Dr. Lin" from weeks 1, 2 to immediate check-in',
      ],
      [
        'CalendarVisitReasonRemoved',
        {
          reason: { title: 'Flu shot' },
          before: { reasons: ['Flu shot'] },
          after: { reasons: [] },
        },
        'Removed the visit reason "Flu shot" from "Dr. Lin"',
      ],
    ];
    sentences.push(
      [
        'CalendarVisitTypeChanged',
        { before: { visit_type: 'Office' }, after: { visit_type: 'Telehealth' } },
        'Changed the visit type of "Dr. Lin" from Office to Telehealth',
      ],
      [
        'CalendarTimeSpanReopened',
        {
          span: { start: '2026-11-30T14:00:00Z', end: '2026-11-30T15:30:00Z' },
          before: {},
          after: { marked_time_spans: [] },
        },
        'Reopened Mon, Nov 30, 2026 at 9:00 AM to Mon, Nov 30, 2026 at 10:30 AM EST on "Dr. Lin"',
      ],
      [
        'CalendarVisitReasonsReordered',
        { before: { reasons: ['A', 'B'] }, after: { reasons: ['B', 'A'] } },
        'Reordered the visit reasons of "Dr. Lin" from A, B to B, A',
      ],
    );
    for (const [type, data, summary] of sentences) {
      expect(told(type, data)?.summary).toBe(summary);
    }
  });

  it("tells a staff member's role change and disabling from what it knew of them", () => {
    expect(
      tell('UserRoleChanged', { user_id: 'nurse', type: 'Provider', practice_id: 'prac' }, lookups),
    ).toMatchObject({
      practice_id: 'prac',
      kind: 'staff',
      summary: 'Changed the role of Nia Park from Staff to Provider',
      changes: [{ field: 'role', before: 'Staff', after: 'Provider' }],
    });
    expect(tell('UserEnabled', { user_id: 'nurse' }, lookups)).toMatchObject({
      summary: 'Enabled the account of Nia Park',
    });
    expect(tell('UserDisabled', { user_id: 'stranger' }, lookups)).toBeNull();
  });

  it('tells a directory edit with each field that changed, before → after', () => {
    const line = tell(
      'DirectoryEntryChanged',
      {
        id: 'f1',
        practice_id: 'prac',
        kind: 'facility',
        before: { name: 'Harbor Clinic', details: { tele_visit: true, iana_time_zone: 'UTC' } },
        after: {
          name: 'Harbor Clinic East',
          details: { tele_visit: false, iana_time_zone: 'UTC' },
        },
        changed_at: '2026-11-25T14:00:00Z',
      },
      lookups,
    );
    expect(line).toMatchObject({
      practice_id: 'prac',
      kind: 'directory',
      summary: 'Changed the facility "Harbor Clinic", now "Harbor Clinic East"',
      changes: [
        { field: 'name', before: 'Harbor Clinic', after: 'Harbor Clinic East' },
        { field: 'tele_visit', before: true, after: false },
      ],
    });
  });

  it('leaves out what does not touch a practice', () => {
    expect(tell('UserRegistered', { user_id: 'u', practice_id: null }, lookups)).toBeNull();
    expect(tell('SlotBooked', { calendar_id: 'cal' }, lookups)).toBeNull();
  });
});
