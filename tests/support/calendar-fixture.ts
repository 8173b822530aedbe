import { randomUUID } from 'node:crypto';
import type { CreateCalendarDto } from '@medbook/contracts';
import type { CalendarSettings } from '../../apps/api/src/modules/scheduling/domain/calendar.events';

/**
 * Dr. Rivera's office calendar in Chicago: weekdays 08:00-17:00 in 30-minute steps, two places a
 * slot, from 2026-11-23 on, every booking rule at its default. The settings a `CalendarCreated`
 * event carries, for specs that write the log themselves.
 */
export function calendarSettingsFixture(
  overrides: Partial<CalendarSettings> = {},
): CalendarSettings {
  return {
    calendar_id: randomUUID(),
    practice_id: randomUUID(),
    name: 'Dr. Rivera',
    provider_id: randomUUID(),
    resource_id: null,
    facility_id: randomUUID(),
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
    ...overrides,
  };
}

/**
 * The body of `POST /practices/{id}/calendars` for the same calendar, mornings only (08:00-12:00),
 * one place a slot, from 2026-01-01 on; the caller names its facility and owner.
 */
export function calendarRequestFixture(
  overrides: Partial<Record<keyof CreateCalendarDto, unknown>> = {},
): Record<string, unknown> {
  return {
    name: 'Dr. Rivera',
    time_zone: 'America/Chicago',
    visit_type: 'Office',
    first_hour: 8,
    last_hour: 12,
    time_step: 30,
    date_from: '2026-01-01',
    booking_capacity: 1,
    ...overrides,
  };
}
