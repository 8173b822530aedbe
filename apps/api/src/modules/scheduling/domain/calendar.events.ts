import type {
  CalendarReason,
  CalendarReasonDto,
  CalendarView,
  CalendarVisitType,
  CreateCalendarDto,
  MarkedTimeSpan,
} from '@medbook/contracts';

export const calendarStreamId = (calendarId: string): string => `calendar-${calendarId}`;

export type VisitType = CalendarVisitType;
export type { CalendarReason, MarkedTimeSpan };

type DefaultedField =
  | 'reasons'
  | 'associated_reasons'
  | 'custom_form_ids'
  | 'collect_patient_demographics'
  | 'enable_insurance'
  | 'enable_insurance_eligibility';

/** The settings as the calendar's events record them: fields added later may be absent. */
export type CalendarSettings = Omit<CalendarView, DefaultedField> &
  Partial<Pick<CalendarView, DefaultedField>>;

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

export type CompleteCalendarSettings = CalendarView;

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
