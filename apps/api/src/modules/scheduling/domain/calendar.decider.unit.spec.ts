import { fold } from '../../../infra/event-sourcing/decider';
import { DomainError, NotFoundError } from '../../../infra/http/domain-error';
import {
  CALENDAR_CAPACITY_INVALID,
  CALENDAR_PLACE_FIXED,
  CALENDAR_ZONE_NOT_FACILITY,
  type CalendarCommand,
  type CalendarDirectory,
  calendarDecider,
  FACILITY_NOT_REGISTERED,
  FACILITY_OF_ANOTHER_PRACTICE,
  PROVIDER_NOT_REGISTERED,
  PROVIDER_OF_ANOTHER_PRACTICE,
  RESOURCE_NOT_REGISTERED,
  RESOURCE_OF_ANOTHER_PRACTICE,
} from './calendar.decider';
import { type CalendarEvent, type CalendarSettings, withCalendarDefaults } from './calendar.events';

const now = new Date('2026-11-23T09:00:00Z');
const practice = 'practice-1';
const settings: CalendarSettings = {
  calendar_id: 'cal',
  practice_id: practice,
  name: 'Dr. Rivera',
  provider_id: 'provider-1',
  resource_id: null,
  facility_id: 'facility-1',
  time_zone: 'America/Chicago',
  visit_type: 'Office',
  first_hour: 8,
  last_hour: 17,
  time_step: 30,
  working_days: [1, 2, 3, 4, 5],
  date_from: '2026-11-23',
  date_to: null,
  booking_capacity: 2,
  marked_time_spans: [],
  minutes_before_showing_slots: 60,
  slots_hide_hours: 0,
  online_booking_disabled: false,
  wait_list_enabled: false,
  can_check_in: false,
  accept_reject_enabled: false,
  hold_minutes: 10,
};
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
const given = (events: CalendarEvent[]) => ({
  when: (command: CalendarCommand) => () =>
    calendarDecider.decide(command, fold(calendarDecider, events)),
});
const change = (changes: Partial<CalendarSettings>): CalendarCommand => ({
  type: 'ChangeCalendarSettings',
  changes,
  now,
});

describe('CreateCalendar', () => {
  it("creates a calendar on its practice's registered facility, provider and zone", () => {
    expect(given([]).when(create(registered))()).toEqual([created]);
  });

  it('refuses a facility the directory does not know, with a 404', () => {
    const attempt = given([]).when(create({ ...registered, facility: null }));
    expect(attempt).toThrow(NotFoundError);
    expect(attempt).toThrow(FACILITY_NOT_REGISTERED);
  });

  it("refuses another practice's facility, or a zone that is not the facility's", () => {
    const borrowed = given([]).when(
      create({ ...registered, facility: { practice_id: 'other', time_zone: 'America/Chicago' } }),
    );
    expect(borrowed).toThrow(DomainError);
    expect(borrowed).toThrow(FACILITY_OF_ANOTHER_PRACTICE);
    expect(given([]).when(create(registered, { time_zone: 'America/New_York' }))).toThrow(
      CALENDAR_ZONE_NOT_FACILITY,
    );
  });

  it('refuses a provider or resource not registered with the practice', () => {
    expect(given([]).when(create({ ...registered, owner: null }))).toThrow(PROVIDER_NOT_REGISTERED);
    expect(given([]).when(create({ ...registered, owner: { practice_id: 'other' } }))).toThrow(
      PROVIDER_OF_ANOTHER_PRACTICE,
    );
    const resource = { provider_id: null, resource_id: 'room-1', visit_type: 'Resource' as const };
    expect(given([]).when(create({ ...registered, owner: null }, resource))).toThrow(
      RESOURCE_NOT_REGISTERED,
    );
    expect(
      given([]).when(create({ ...registered, owner: { practice_id: 'other' } }, resource)),
    ).toThrow(RESOURCE_OF_ANOTHER_PRACTICE);
    expect(given([]).when(create(registered, resource))()).toHaveLength(1);
  });
});

describe('ChangeCalendarSettings', () => {
  it('changes the capacity per slot, up or down, within 1 and 500', () => {
    for (const booking_capacity of [1, 5, 500]) {
      expect(given([created]).when(change({ booking_capacity }))()).toEqual([
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
    const after = fold(calendarDecider, [
      created,
      ...given([created]).when(change({ booking_capacity: 5 }))(),
    ]);
    expect(after.settings?.booking_capacity).toBe(5);
    for (const booking_capacity of [0, -1, 1.5, 501]) {
      expect(given([created]).when(change({ booking_capacity }))).toThrow(
        CALENDAR_CAPACITY_INVALID,
      );
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
      expect(given([created]).when(change(changes))).toThrow(CALENDAR_PLACE_FIXED);
    }
  });
});

const changedTo = (changes: Partial<CalendarSettings>): CalendarEvent[] => [
  {
    type: 'CalendarSettingsChanged',
    data: { calendar_id: 'cal', changes, changed_at: now.toISOString() },
  },
];

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
    const events = given([created]).when(change(changes))();
    expect(events).toEqual(changedTo(changes));
    expect(fold(calendarDecider, [created, ...events]).settings).toMatchObject(changes);
  });

  it('records only what differs, and nothing when nothing differs', () => {
    expect(
      given([created]).when(change({ enable_insurance: true, wait_list_enabled: true }))(),
    ).toEqual(changedTo({ wait_list_enabled: true }));
    expect(
      given([created]).when(change({ enable_insurance: true, booking_capacity: 2 }))(),
    ).toEqual([]);
  });
});
