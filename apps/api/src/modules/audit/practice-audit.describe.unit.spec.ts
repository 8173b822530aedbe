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
  settings: { name: 'Dr. Lin', booking_capacity: 1, working_days: [1, 2, 3] },
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

  it("tells a calendar's change field by field, before and after, and only what changed", () => {
    expect(
      tell(
        'CalendarSettingsChanged',
        { calendar_id: 'cal', changes: { booking_capacity: 3, working_days: [1, 2, 3] } },
        lookups,
      ),
    ).toMatchObject({
      summary: 'Changed the calendar "Dr. Lin": capacity',
      changes: [{ field: 'booking_capacity', before: 1, after: 3 }],
    });
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

  it('leaves out what does not touch a practice', () => {
    expect(tell('UserRegistered', { user_id: 'u', practice_id: null }, lookups)).toBeNull();
    expect(tell('SlotBooked', { calendar_id: 'cal' }, lookups)).toBeNull();
  });
});
