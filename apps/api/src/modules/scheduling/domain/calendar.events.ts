import type { CalendarReasonDto, CreateCalendarDto } from '@medbook/contracts';

export const calendarStreamId = (calendarId: string): string => `calendar-${calendarId}`;

export type VisitType = 'Office' | 'Telehealth' | 'Resource';

/** A blocked span of time: no slot that overlaps it is offered. */
export interface MarkedTimeSpan {
  readonly start: string;
  readonly end: string;
}

/** A visit reason as one calendar offers it (the spec's Reason: week_time_frame, immediate check-in). */
export interface CalendarReason {
  readonly title: string;
  /** [from, to] weeks from today, or n for the next n weeks; none: the calendar's own dates. */
  readonly week_time_frame?: readonly number[];
  /** A patient may check in for a visit with this reason on its day, whatever can_check_in says. */
  readonly allow_immediate_checkin?: boolean;
}

/** The spec's calendar settings that decide which slots exist and how they are offered. */
export interface CalendarSettings {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly name: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  /** IANA zone of the facility: hours and days are local to it. */
  readonly time_zone: string;
  readonly visit_type: VisitType;
  readonly first_hour: number;
  readonly last_hour: number;
  /** Minutes between slot starts, and each slot's length. */
  readonly time_step: number;
  /** ISO weekdays with hours, 1 = Monday. */
  readonly working_days: readonly number[];
  readonly date_from: string;
  readonly date_to: string | null;
  readonly booking_capacity: number;
  readonly marked_time_spans: readonly MarkedTimeSpan[];
  readonly minutes_before_showing_slots: number;
  readonly slots_hide_hours: number;
  readonly online_booking_disabled: boolean;
  readonly wait_list_enabled: boolean;
  readonly can_check_in: boolean;
  /** When active, bookings wait as Pending for a provider, staff member or admin to accept. */
  readonly accept_reject_enabled: boolean;
  readonly hold_minutes: number;
  /** Titles of the visit reasons the calendar offers; none listed (or absent) offers every one. */
  readonly reasons?: readonly string[];
  /** The rules of the reasons listed in `reasons` that have any; kept in step with `reasons`. */
  readonly associated_reasons?: readonly CalendarReason[];
  /** Booking wizard: the custom forms the patient fills in (ids), in order. */
  readonly custom_form_ids?: readonly string[];
  /** Booking wizard: ask for the patient's demographics. */
  readonly collect_patient_demographics?: boolean;
  /** Booking wizard: the insurance step (spec: default true). */
  readonly enable_insurance?: boolean;
  /** Booking wizard: check the insurance's eligibility. */
  readonly enable_insurance_eligibility?: boolean;
}

type DefaultedField =
  | 'reasons'
  | 'associated_reasons'
  | 'custom_form_ids'
  | 'collect_patient_demographics'
  | 'enable_insurance'
  | 'enable_insurance_eligibility';

/**
 * Settings added after the first calendars were created: a calendar whose events never set them
 * reads these values (the spec's enable_insurance defaults to true).
 */
export const CALENDAR_DEFAULTS: Required<Pick<CalendarSettings, DefaultedField>> = {
  reasons: [],
  associated_reasons: [],
  custom_form_ids: [],
  collect_patient_demographics: false,
  enable_insurance: true,
  enable_insurance_eligibility: false,
};

export type CompleteCalendarSettings = CalendarSettings & typeof CALENDAR_DEFAULTS;

/** The settings with every later-added field present. */
export const withCalendarDefaults = (settings: CalendarSettings): CompleteCalendarSettings => ({
  ...CALENDAR_DEFAULTS,
  ...settings,
});

/** A new calendar's settings as requested: what the request leaves out takes its default. */
export function calendarSettingsFrom(
  ids: Pick<CalendarSettings, 'calendar_id' | 'practice_id'>,
  dto: CreateCalendarDto,
): CalendarSettings {
  return {
    ...ids,
    name: dto.name.trim(),
    provider_id: dto.provider_id ?? null,
    resource_id: dto.resource_id ?? null,
    facility_id: dto.facility_id,
    time_zone: dto.time_zone,
    visit_type: dto.visit_type,
    first_hour: dto.first_hour,
    last_hour: dto.last_hour,
    time_step: dto.time_step,
    working_days: dto.working_days ?? [1, 2, 3, 4, 5],
    date_from: dto.date_from,
    date_to: dto.date_to ?? null,
    booking_capacity: dto.booking_capacity,
    marked_time_spans: dto.marked_time_spans ?? [],
    minutes_before_showing_slots: dto.minutes_before_showing_slots ?? 60,
    slots_hide_hours: dto.slots_hide_hours ?? 0,
    online_booking_disabled: dto.online_booking_disabled ?? false,
    wait_list_enabled: dto.wait_list_enabled ?? false,
    can_check_in: dto.can_check_in ?? false,
    accept_reject_enabled: dto.accept_reject_enabled ?? false,
    hold_minutes: dto.hold_minutes ?? 10,
    reasons: dto.reasons ?? [],
    custom_form_ids: dto.custom_form_ids ?? [],
    collect_patient_demographics: dto.collect_patient_demographics ?? false,
    enable_insurance: dto.enable_insurance ?? CALENDAR_DEFAULTS.enable_insurance,
    enable_insurance_eligibility: dto.enable_insurance_eligibility ?? false,
  };
}

/** A visit reason's rules as requested: only the rules sent are set. */
export const calendarReasonFrom = (dto: CalendarReasonDto): CalendarReason => ({
  title: dto.title,
  ...(dto.week_time_frame ? { week_time_frame: dto.week_time_frame } : {}),
  ...(dto.allow_immediate_checkin !== undefined
    ? { allow_immediate_checkin: dto.allow_immediate_checkin }
    : {}),
});

export type CalendarEvent =
  | { type: 'CalendarCreated'; data: CalendarSettings & { created_at: string } }
  | {
      type: 'CalendarSettingsChanged';
      data: { calendar_id: string; changes: Partial<CalendarSettings>; changed_at: string };
    };

export interface CalendarState {
  readonly settings: CalendarSettings | null;
}

export const initialCalendarState = (): CalendarState => ({ settings: null });

export function evolveCalendar(state: CalendarState, event: CalendarEvent): CalendarState {
  switch (event.type) {
    case 'CalendarCreated': {
      const { created_at: _, ...settings } = event.data;
      return { settings };
    }
    case 'CalendarSettingsChanged':
      return state.settings ? { settings: { ...state.settings, ...event.data.changes } } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
