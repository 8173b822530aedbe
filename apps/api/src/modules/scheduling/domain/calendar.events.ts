import {
  type CalendarReason,
  type CalendarReasonDto,
  type CalendarView,
  type CalendarVisitType,
  type CreateCalendarDto,
  type MarkedTimeSpan,
  weeklyHoursOf,
  type WeeklyHours,
} from '@medbook/contracts';

export const calendarStreamId = (calendarId: string): string => `calendar-${calendarId}`;

export type VisitType = CalendarVisitType;
export type { CalendarReason, MarkedTimeSpan, WeeklyHours };

type DefaultedField =
  | 'reasons'
  | 'associated_reasons'
  | 'custom_form_ids'
  | 'collect_patient_demographics'
  | 'enable_insurance'
  | 'enable_insurance_eligibility'
  | 'is_lab_test'
  | 'check_in_opens_minutes_before'
  | 'check_in_closes_minutes_after';

/**
 * The settings as the calendar's events record them: fields added later may be absent. Weekly
 * hours absent or null: the calendar's hours are first_hour to last_hour on its working days.
 */
export type CalendarSettings = Omit<CalendarView, DefaultedField | 'weekly_hours'> &
  Partial<Pick<CalendarView, DefaultedField>> & { readonly weekly_hours?: WeeklyHours | null };

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
  is_lab_test: false,
  check_in_opens_minutes_before: 60,
  check_in_closes_minutes_after: 15,
};

export type CompleteCalendarSettings = CalendarView;

/** The hours that place a calendar's slots: its weekly hours, or those its single hours make. */
export const weeklyHoursIn = (
  settings: Pick<CalendarSettings, 'weekly_hours' | 'first_hour' | 'last_hour' | 'working_days'>,
): WeeklyHours =>
  settings.weekly_hours ??
  weeklyHoursOf(settings.first_hour, settings.last_hour, settings.working_days);

/** The settings with every later-added field present (weekly hours derived when never set). */
export const withCalendarDefaults = (settings: CalendarSettings): CompleteCalendarSettings => ({
  ...CALENDAR_DEFAULTS,
  ...settings,
  weekly_hours: weeklyHoursIn(settings),
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
    // Put in order by the decider, once it has checked them as sent.
    ...(dto.weekly_hours ? { weekly_hours: plainWeeklyHours(dto.weekly_hours) } : {}),
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
    is_lab_test: dto.is_lab_test ?? false,
    check_in_opens_minutes_before:
      dto.check_in_opens_minutes_before ?? CALENDAR_DEFAULTS.check_in_opens_minutes_before,
    check_in_closes_minutes_after:
      dto.check_in_closes_minutes_after ?? CALENDAR_DEFAULTS.check_in_closes_minutes_after,
  };
}

/** Weekly hours as plain data (the request's are DTO instances). */
export const plainWeeklyHours = (hours: WeeklyHours): WeeklyHours =>
  hours.map((day) => ({
    weekday: day.weekday,
    spans: (day.spans ?? []).map((s) => ({ start: s.start, end: s.end })),
  }));

/** A visit reason's rules as requested: only the rules sent are set. */
export const calendarReasonFrom = (dto: CalendarReasonDto): CalendarReason => ({
  title: dto.title,
  ...(dto.week_time_frame ? { week_time_frame: dto.week_time_frame } : {}),
  ...(dto.allow_immediate_checkin !== undefined
    ? { allow_immediate_checkin: dto.allow_immediate_checkin }
    : {}),
});

/** Fixed at creation: they were checked against the directory then. */
export const FIXED_CALENDAR_FIELDS = [
  'calendar_id',
  'practice_id',
  'facility_id',
  'provider_id',
  'resource_id',
  'time_zone',
] as const;

export type ChangeableField = Exclude<
  keyof CalendarSettings,
  (typeof FIXED_CALENDAR_FIELDS)[number]
>;

/**
 * One kind of change to a calendar: its settings of that kind as they were and as they are now.
 * `after` holds exactly the fields the change wrote (folding merges it); `before` the same fields
 * as they read before (a field the calendar never set reads its default).
 */
export interface CalendarChange<F extends ChangeableField> {
  readonly calendar_id: string;
  readonly before: Partial<Pick<CalendarSettings, F>>;
  readonly after: Partial<Pick<CalendarSettings, F>>;
  readonly changed_at: string;
}

type SpanChange = CalendarChange<'marked_time_spans'> & { readonly span: MarkedTimeSpan };
/** `reason` is the reason with its rules as added or changed to, or as it was when removed. */
type ReasonChange = CalendarChange<'reasons' | 'associated_reasons'> & {
  readonly reason: CalendarReason;
};

/** The data of every fine-grained calendar change, by its type. */
export interface CalendarChangeData {
  CalendarRenamed: CalendarChange<'name'>;
  CalendarVisitTypeChanged: CalendarChange<'visit_type'>;
  /** Carries both hours, whichever changed. */
  CalendarHoursChanged: CalendarChange<'first_hour' | 'last_hour'>;
  CalendarWorkingDaysChanged: CalendarChange<'working_days'>;
  /**
   * Hours per weekday set (split shifts), or cleared (after: null) back to the single hours.
   * `before` reads the hours that placed the slots: a calendar without its own, the derived ones.
   */
  CalendarWeeklyHoursChanged: CalendarChange<'weekly_hours'>;
  /** Carries both days, whichever changed. */
  CalendarDateRangeChanged: CalendarChange<'date_from' | 'date_to'>;
  CalendarTimeStepChanged: CalendarChange<'time_step'>;
  CalendarCapacityChanged: CalendarChange<'booking_capacity'>;
  CalendarSlotVisibilityChanged: CalendarChange<
    'minutes_before_showing_slots' | 'slots_hide_hours'
  >;
  CalendarBookingRulesChanged: CalendarChange<
    | 'online_booking_disabled'
    | 'wait_list_enabled'
    | 'can_check_in'
    | 'accept_reject_enabled'
    | 'hold_minutes'
  >;
  CalendarWizardSettingsChanged: CalendarChange<
    | 'custom_form_ids'
    | 'collect_patient_demographics'
    | 'enable_insurance'
    | 'enable_insurance_eligibility'
    | 'is_lab_test'
  >;
  /** Carries both ends of the patient's check-in window, whichever changed. */
  CalendarCheckInWindowChanged: CalendarChange<
    'check_in_opens_minutes_before' | 'check_in_closes_minutes_after'
  >;
  CalendarTimeSpanBlocked: SpanChange;
  CalendarTimeSpanReopened: SpanChange;
  CalendarVisitReasonAdded: ReasonChange;
  CalendarVisitReasonChanged: ReasonChange;
  CalendarVisitReasonRemoved: ReasonChange;
  /** The same reasons offered in another order. */
  CalendarVisitReasonsReordered: CalendarChange<'reasons' | 'associated_reasons'>;
}

export type CalendarChangeType = keyof CalendarChangeData;
export type CalendarChangeEvent = {
  [T in CalendarChangeType]: { type: T; data: CalendarChangeData[T] };
}[CalendarChangeType];

export type CalendarEvent =
  | { type: 'CalendarCreated'; data: CalendarSettings & { created_at: string } }
  | CalendarChangeEvent;

const CHANGE_TYPES: Record<CalendarChangeType, true> = {
  CalendarRenamed: true,
  CalendarVisitTypeChanged: true,
  CalendarHoursChanged: true,
  CalendarWorkingDaysChanged: true,
  CalendarWeeklyHoursChanged: true,
  CalendarDateRangeChanged: true,
  CalendarTimeStepChanged: true,
  CalendarCapacityChanged: true,
  CalendarSlotVisibilityChanged: true,
  CalendarBookingRulesChanged: true,
  CalendarWizardSettingsChanged: true,
  CalendarCheckInWindowChanged: true,
  CalendarTimeSpanBlocked: true,
  CalendarTimeSpanReopened: true,
  CalendarVisitReasonAdded: true,
  CalendarVisitReasonChanged: true,
  CalendarVisitReasonRemoved: true,
  CalendarVisitReasonsReordered: true,
};
export const CALENDAR_CHANGE_TYPES = Object.keys(CHANGE_TYPES) as CalendarChangeType[];

/** Whether a recorded event is a change to a calendar's settings (any kind). */
export const isCalendarChange = (event: {
  type: string;
  data: unknown;
}): event is CalendarChangeEvent => event.type in CHANGE_TYPES;

export interface CalendarState {
  readonly settings: CalendarSettings | null;
}

export const initialCalendarState = (): CalendarState => ({ settings: null });

/** The one fold of a calendar's events: every change merges the fields it wrote. */
export function evolveCalendar(state: CalendarState, event: CalendarEvent): CalendarState {
  if (event.type === 'CalendarCreated') {
    const { created_at: _, ...settings } = event.data;
    return { settings };
  }
  return state.settings ? { settings: { ...state.settings, ...event.data.after } } : state;
}
