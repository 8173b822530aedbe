import type { AppointmentDetails } from './appointment.events';
import { CALENDAR_DEFAULTS, type CalendarSettings } from './calendar.events';

/** What a calendar says about a patient's own check-in. */
export type CheckInRules = Pick<
  CalendarSettings,
  | 'can_check_in'
  | 'associated_reasons'
  | 'check_in_opens_minutes_before'
  | 'check_in_closes_minutes_after'
>;

/**
 * Where a check-in is made, which decides when it may be: at the desk, practice users check a
 * patient in at any time; a patient at the door's kiosk checks in within the calendar's window;
 * a patient from their own device also only where the calendar (or the visit's reason) allows
 * patients to check in.
 */
export type CheckInPlace =
  | { readonly kind: 'desk' }
  | { readonly kind: 'kiosk'; readonly calendar: CheckInRules }
  | { readonly kind: 'patient'; readonly calendar: CheckInRules };

export interface CheckInWindow {
  readonly opens_at: Date;
  readonly closes_at: Date;
}

/** From the calendar's minutes before the start to its minutes after (defaults 60 and 15). */
export function checkInWindow(
  start: string,
  calendar: Pick<CheckInRules, 'check_in_opens_minutes_before' | 'check_in_closes_minutes_after'>,
): CheckInWindow {
  const before =
    calendar.check_in_opens_minutes_before ?? CALENDAR_DEFAULTS.check_in_opens_minutes_before;
  const after =
    calendar.check_in_closes_minutes_after ?? CALENDAR_DEFAULTS.check_in_closes_minutes_after;
  const at = Date.parse(start);
  return {
    opens_at: new Date(at - before * 60_000),
    closes_at: new Date(at + after * 60_000),
  };
}

export function withinCheckInWindow(window: CheckInWindow, now: Date): boolean {
  return window.opens_at <= now && now <= window.closes_at;
}

/** Whether the calendar or the visit's reason lets patients check in themselves. */
export function patientsMayCheckIn(
  details: Pick<AppointmentDetails, 'reason'>,
  calendar: Pick<CheckInRules, 'can_check_in' | 'associated_reasons'>,
): boolean {
  const immediate = calendar.associated_reasons?.some(
    (r) => r.title === details.reason && r.allow_immediate_checkin,
  );
  return calendar.can_check_in || immediate === true;
}

/** Whether a check-in made here, now, is in time for this appointment. */
export function mayCheckInNow(
  details: Pick<AppointmentDetails, 'start_date' | 'reason'>,
  place: CheckInPlace,
  now: Date,
): boolean {
  switch (place.kind) {
    case 'desk':
      return true;
    case 'kiosk':
      return withinCheckInWindow(checkInWindow(details.start_date, place.calendar), now);
    case 'patient':
      return (
        patientsMayCheckIn(details, place.calendar) &&
        withinCheckInWindow(checkInWindow(details.start_date, place.calendar), now)
      );
    default: {
      const unknown: never = place;
      return unknown;
    }
  }
}
