import type {
  CalendarReason,
  CalendarView,
  CalendarVisitType,
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
