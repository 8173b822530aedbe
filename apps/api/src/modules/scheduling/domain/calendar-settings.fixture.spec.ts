import type { CalendarSettings } from './calendar.events';

/**
 * A calendar open every day from 01:00 to 04:00 in New York, one booking per hourly slot; tests
 * override only what they are about. Named `.spec` so it stays out of the build.
 */
export const calendarSettings = (changes: Partial<CalendarSettings> = {}): CalendarSettings => ({
  calendar_id: 'c1',
  practice_id: 'p1',
  name: 'Dr. Rivera',
  provider_id: 'd1',
  resource_id: null,
  facility_id: 'f1',
  time_zone: 'America/New_York',
  visit_type: 'Office',
  first_hour: 1,
  last_hour: 4,
  time_step: 60,
  working_days: [1, 2, 3, 4, 5, 6, 7],
  date_from: '2026-01-01',
  date_to: null,
  booking_capacity: 1,
  marked_time_spans: [],
  minutes_before_showing_slots: 60,
  slots_hide_hours: 0,
  online_booking_disabled: false,
  wait_list_enabled: false,
  can_check_in: false,
  accept_reject_enabled: false,
  hold_minutes: 10,
  ...changes,
});
