import { CALENDAR_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import { type CalendarCommand, type CalendarDirectory, calendarDecider } from './calendar.decider';
import { type CalendarEvent, type CalendarSettings, withCalendarDefaults } from './calendar.events';
import { calendarSettings } from './calendar-settings.fixture.spec';

const m = CALENDAR_MESSAGES;

const now = new Date('2026-11-23T09:00:00Z');
const practice = 'practice-1';
const settings = calendarSettings({
  calendar_id: 'cal',
  practice_id: practice,
  provider_id: 'provider-1',
  facility_id: 'facility-1',
  time_zone: 'America/Chicago',
  first_hour: 8,
  last_hour: 17,
  time_step: 30,
  working_days: [1, 2, 3, 4, 5],
  date_from: '2026-11-23',
  booking_capacity: 2,
});
const registered: CalendarDirectory = {
  facility: { practice_id: practice, time_zone: 'America/Chicago' },
  owner: { practice_id: practice },
};
const create = (
  directory: CalendarDirectory,
  overrides: Partial<CalendarSettings> = {},
): CalendarCommand => ({
  type: 'CreateCalendar',
  settings: { ...settings, ...overrides },
  directory,
  now,
});
const created: CalendarEvent = {
  type: 'CalendarCreated',
  data: { ...settings, created_at: now.toISOString() },
};
const given = DeciderSpecification.for(calendarDecider);

/** A refusal of kind 'invalid' (a 400 at the edge), whatever its class. */
abstract class Invalid extends DomainError {
  static override [Symbol.hasInstance](error: unknown): boolean {
    return error instanceof DomainError && error.kind === 'invalid';
  }
}
const change = (changes: Partial<CalendarSettings>): CalendarCommand => ({
  type: 'ChangeCalendarSettings',
  changes,
  now,
});

describe('CreateCalendar', () => {
  it("creates a calendar on its practice's registered facility, provider and zone", () => {
    given([]).when(create(registered)).then([created]);
  });

  it('refuses a facility the directory does not know, with a 404', () => {
    given([])
      .when(create({ ...registered, facility: null }))
      .thenThrows(NotFoundError, m.facilityNotRegistered);
  });

  it("refuses another practice's facility, or a zone that is not the facility's", () => {
    given([])
      .when(
        create({ ...registered, facility: { practice_id: 'other', time_zone: 'America/Chicago' } }),
      )
      .thenThrows(DomainError, m.facilityOfAnotherPractice);
    given([])
      .when(create(registered, { time_zone: 'America/New_York' }))
      .thenThrows(DomainError, m.zoneNotFacility);
  });

  it('refuses a provider or resource not registered with the practice', () => {
    given([])
      .when(create({ ...registered, owner: null }))
      .thenThrows(DomainError, m.providerNotRegistered);
    given([])
      .when(create({ ...registered, owner: { practice_id: 'other' } }))
      .thenThrows(DomainError, m.providerOfAnotherPractice);
    const resource = { provider_id: null, resource_id: 'room-1', visit_type: 'Resource' as const };
    given([])
      .when(create({ ...registered, owner: null }, resource))
      .thenThrows(DomainError, m.resourceNotRegistered);
    given([])
      .when(create({ ...registered, owner: { practice_id: 'other' } }, resource))
      .thenThrows(DomainError, m.resourceOfAnotherPractice);
    given([])
      .when(create(registered, resource))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });
});

const changedTo = (changes: Partial<CalendarSettings>): CalendarEvent[] => [
  {
    type: 'CalendarSettingsChanged',
    data: { calendar_id: 'cal', changes, changed_at: now.toISOString() },
  },
];

describe('ChangeCalendarSettings', () => {
  it('changes the capacity per slot, up or down, within 1 and 500', () => {
    for (const booking_capacity of [1, 5, 500]) {
      given([created])
        .when(change({ booking_capacity }))
        .then([
          {
            type: 'CalendarSettingsChanged',
            data: {
              calendar_id: 'cal',
              changes: { booking_capacity },
              changed_at: now.toISOString(),
            },
          },
        ]);
    }
    const after = fold(calendarDecider, [created, ...changedTo({ booking_capacity: 5 })]);
    expect(after.settings?.booking_capacity).toBe(5);
    for (const booking_capacity of [0, -1, 1.5, 501]) {
      given([created]).when(change({ booking_capacity })).thenThrows(DomainError, m.capacity);
    }
  });

  it('keeps the facility, provider, resource and zone checked at creation', () => {
    for (const changes of [
      { facility_id: 'facility-2' },
      { provider_id: 'provider-2' },
      { resource_id: 'room-1' },
      { time_zone: 'UTC' },
      { practice_id: 'other' },
    ]) {
      given([created]).when(change(changes)).thenThrows(DomainError, m.placeFixed);
    }
  });
});

describe('the booking wizard settings', () => {
  it('reads the spec defaults on a calendar created before they existed', () => {
    const state = fold(calendarDecider, [created]);
    expect(withCalendarDefaults(state.settings!)).toMatchObject({
      custom_form_ids: [],
      collect_patient_demographics: false,
      enable_insurance: true,
      enable_insurance_eligibility: false,
      wait_list_enabled: false,
      accept_reject_enabled: false,
    });
  });

  it('changes the custom forms, demographics, insurance, eligibility, accept/reject and waitlist', () => {
    const changes = {
      custom_form_ids: ['form-intake', 'form-covid'],
      collect_patient_demographics: true,
      enable_insurance: false,
      enable_insurance_eligibility: true,
      accept_reject_enabled: true,
      wait_list_enabled: true,
    };
    given([created]).when(change(changes)).then(changedTo(changes));
    expect(fold(calendarDecider, [created, ...changedTo(changes)]).settings).toMatchObject(changes);
  });

  it('records only what differs, and nothing when nothing differs', () => {
    given([created])
      .when(change({ enable_insurance: true, wait_list_enabled: true }))
      .then(changedTo({ wait_list_enabled: true }));
    given([created])
      .when(change({ enable_insurance: true, booking_capacity: 2 }))
      .thenNothing();
  });
});

const settled = (events: CalendarEvent[]) => fold(calendarDecider, events).settings!;

describe('what a practice admin edits, each change one event', () => {
  it.each<[string, Partial<CalendarSettings>]>([
    ['hours', { first_hour: 9, last_hour: 13 }],
    ['the time step', { time_step: 15 }],
    ['the date range', { date_from: '2026-12-01', date_to: '2027-03-31' }],
    ['the capacity per slot', { booking_capacity: 4 }],
    ['the working days', { working_days: [1, 3, 5] }],
    ['accept/reject (requests wait as Pending)', { accept_reject_enabled: true }],
    ['the waitlist', { wait_list_enabled: true }],
    ['minutes_before_showing_slots', { minutes_before_showing_slots: 180 }],
    ['slots_hide_hours', { slots_hide_hours: 120 }],
    ['online booking', { online_booking_disabled: true }],
    ['the name', { name: 'Dr. Rivera (mornings)' }],
  ])('changes %s', (_, changes) => {
    given([created]).when(change(changes)).then(changedTo(changes));
    expect(settled([created, ...changedTo(changes)])).toMatchObject(changes);
  });

  it.each<[string, Partial<CalendarSettings>, string]>([
    ['a last hour not after the first', { first_hour: 17 }, m.hours],
    ['equal hours', { first_hour: 9, last_hour: 9 }, m.hours],
    ['a step that does not divide the day', { time_step: 45, first_hour: 8, last_hour: 9 }, m.step],
    ['hours the step does not divide', { time_step: 90, last_hour: 16 }, m.step],
    ['an end date before the start', { date_to: '2026-11-01' }, m.dates],
    ['no working day', { working_days: [] }, m.workingDays],
    ['a day twice', { working_days: [1, 1] }, m.workingDays],
    ['a day 8', { working_days: [8] }, m.workingDays],
    ['a blank name', { name: '  ' }, m.nameRequired],
  ])('refuses %s with a 400', (_, changes, message) => {
    given([created]).when(change(changes)).thenThrows(Invalid, message);
  });

  it('checks a change against the settings it lands on', () => {
    // 9 hours of 120 minutes do not fit; 8 to 16 fits four.
    given([created])
      .when(change({ time_step: 120 }))
      .thenThrows(DomainError, m.step);
    given([created])
      .when(change({ time_step: 120, last_hour: 16 }))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });
});

describe('blocked time spans', () => {
  const span = { start: '2026-11-24T15:00:00Z', end: '2026-11-24T17:00:00Z' };
  const block = (s = span): CalendarCommand => ({ type: 'BlockTimeSpan', span: s, now });
  const unblock = (s = span): CalendarCommand => ({ type: 'UnblockTimeSpan', span: s, now });
  const blocked = changedTo({ marked_time_spans: [span] });

  it('blocks a span, and opens it again', () => {
    given([created]).when(block()).then(blocked);
    const reopened = changedTo({ marked_time_spans: [] });
    given([created, ...blocked])
      .when(unblock({ start: '2026-11-24T15:00:00.000Z', end: '2026-11-24T17:00:00+00:00' }))
      .then(reopened);
    expect(settled([created, ...blocked, ...reopened]).marked_time_spans).toEqual([]);
  });

  it('refuses a span that ends before it starts, the same span twice, and opening one not blocked', () => {
    given([created])
      .when(block({ start: span.end, end: span.start }))
      .thenThrows(DomainError, m.span);
    given([created, ...blocked])
      .when(block())
      .thenThrows(ConflictError, m.spanExists);
    given([created]).when(unblock()).thenThrows(NotFoundError, m.spanNotFound);
  });
});

describe('visit reasons of a calendar', () => {
  const add = (reason: CalendarReasonInput): CalendarCommand => ({
    type: 'AddCalendarReason',
    reason,
    now,
  });
  type CalendarReasonInput = {
    title: string;
    week_time_frame?: number[];
    allow_immediate_checkin?: boolean;
  };

  it('adds a reason with its week_time_frame and immediate check-in, edits and removes it', () => {
    const flu = { title: 'Flu shot', week_time_frame: [1, 3], allow_immediate_checkin: true };
    const added = changedTo({ reasons: ['Flu shot'], associated_reasons: [flu] });
    given([created])
      .when(add({ title: ' Flu shot ', week_time_frame: [1, 3], allow_immediate_checkin: true }))
      .then(added);
    const edited = changedTo({
      associated_reasons: [{ title: 'Flu shot', week_time_frame: [2] }],
    });
    given([created, ...added])
      .when({
        type: 'ChangeCalendarReason',
        reason: { title: 'Flu shot', week_time_frame: [2] },
        now,
      })
      .then(edited);
    given([created, ...added, ...edited])
      .when({ type: 'RemoveCalendarReason', title: 'Flu shot', now })
      .then(changedTo({ reasons: [], associated_reasons: [] }));
  });

  it('refuses a reason twice, editing or removing one not offered, and a bad week_time_frame', () => {
    const added = changedTo({ reasons: ['Checkup'], associated_reasons: [{ title: 'Checkup' }] });
    given([created])
      .when(add({ title: 'Checkup' }))
      .then(added);
    given([created, ...added])
      .when(add({ title: 'Checkup' }))
      .thenThrows(DomainError, m.reasonAlreadyOffered);
    given([created])
      .when({ type: 'RemoveCalendarReason', title: 'Checkup', now })
      .thenThrows(DomainError, m.reasonNotOffered);
    given([created])
      .when({ type: 'ChangeCalendarReason', reason: { title: 'Checkup' }, now })
      .thenThrows(DomainError, m.reasonNotOffered);
    for (const week_time_frame of [[3, 1], [0], [1, 2, 3], [-1, 2], [1.5]]) {
      given([created])
        .when(add({ title: 'Flu', week_time_frame }))
        .thenThrows(DomainError, m.weekTimeFrame);
    }
  });

  it('listing reason titles directly drops the rules of the reasons left out', () => {
    const added = changedTo({
      reasons: ['Flu'],
      associated_reasons: [{ title: 'Flu', week_time_frame: [2] }],
    });
    given([created])
      .when(add({ title: 'Flu', week_time_frame: [2] }))
      .then(added);
    given([created, ...added])
      .when(change({ reasons: ['Checkup'] }))
      .then(changedTo({ reasons: ['Checkup'], associated_reasons: [] }));
  });
});
