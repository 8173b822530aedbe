import {
  type CalendarChangeEvent,
  type CalendarChangeType,
  type CalendarReason,
  type CalendarSettings,
  type ChangeableField,
  type MarkedTimeSpan,
  withCalendarDefaults,
} from './calendar.events';

/** The kinds told by one event of their own, and the fields each is about. */
const SETTING_KINDS = {
  CalendarRenamed: ['name'],
  CalendarVisitTypeChanged: ['visit_type'],
  CalendarHoursChanged: ['first_hour', 'last_hour'],
  CalendarWorkingDaysChanged: ['working_days'],
  CalendarWeeklyHoursChanged: ['weekly_hours'],
  CalendarDateRangeChanged: ['date_from', 'date_to'],
  CalendarTimeStepChanged: ['time_step'],
  CalendarCapacityChanged: ['booking_capacity'],
  CalendarSlotVisibilityChanged: ['minutes_before_showing_slots', 'slots_hide_hours'],
  CalendarBookingRulesChanged: [
    'online_booking_disabled',
    'wait_list_enabled',
    'can_check_in',
    'accept_reject_enabled',
    'hold_minutes',
  ],
  CalendarWizardSettingsChanged: [
    'custom_form_ids',
    'collect_patient_demographics',
    'enable_insurance',
    'enable_insurance_eligibility',
    'is_lab_test',
  ],
  CalendarCheckInWindowChanged: ['check_in_opens_minutes_before', 'check_in_closes_minutes_after'],
} as const satisfies Partial<Record<CalendarChangeType, readonly ChangeableField[]>>;

/** A range is told whole: "hours 8–17 → 9–17" whichever end moved. */
const TOLD_WHOLE = new Set<CalendarChangeType>([
  'CalendarHoursChanged',
  'CalendarDateRangeChanged',
  'CalendarCheckInWindowChanged',
]);

const SPAN_FIELDS = ['marked_time_spans'] as const;
const REASON_FIELDS = ['reasons', 'associated_reasons'] as const;

/** Every changeable field is told by a kind: a setting added to none fails to compile here. */
type Told =
  | (typeof SETTING_KINDS)[keyof typeof SETTING_KINDS][number]
  | (typeof SPAN_FIELDS)[number]
  | (typeof REASON_FIELDS)[number];
const EVERY_FIELD_TOLD: [Exclude<ChangeableField, Told>] extends [never] ? true : never = true;
void EVERY_FIELD_TOLD;

type Settings = Readonly<Record<string, unknown>>;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const pick = (from: Settings, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, from[field]]));

const sameInstant = (a: string, b: string): boolean => Date.parse(a) === Date.parse(b);
export const sameSpan = (a: MarkedTimeSpan, b: MarkedTimeSpan): boolean =>
  sameInstant(a.start, b.start) && sameInstant(a.end, b.end);

/** One step from a calendar's state to the next, and what it is about. */
interface Step {
  readonly type: CalendarChangeType;
  readonly to: Settings;
  readonly subject?: { span: MarkedTimeSpan } | { reason: CalendarReason };
}

/**
 * The events that tell a change of a calendar's settings, one per kind of fact, each with its
 * fields before and after. Folding them onto `settings` gives exactly `{ ...settings, ...changes }`
 * where `changes` holds only fields whose value differs (a field never set reads its default):
 * the decider and the upcaster of the old generic event share this.
 */
export function calendarChangeEvents(
  settings: CalendarSettings,
  changes: Partial<CalendarSettings>,
  at: string,
): CalendarChangeEvent[] {
  const before = withCalendarDefaults(settings) as unknown as Settings;
  const requested = changes as Settings;
  const changed = (field: string) => field in requested && !same(before[field], requested[field]);
  const after = { ...before, ...requested };
  const steps: Step[] = [];
  for (const [type, fields] of Object.entries(SETTING_KINDS) as [
    CalendarChangeType,
    readonly string[],
  ][]) {
    const touched = fields.filter(changed);
    if (touched.length === 0) continue;
    steps.push({ type, to: pick(after, TOLD_WHOLE.has(type) ? fields : touched) });
  }
  if (SPAN_FIELDS.some(changed)) steps.push(...spanSteps(before, after));
  if (REASON_FIELDS.some(changed)) steps.push(...reasonSteps(before, after));
  return told(settings.calendar_id, before, steps, at);
}

/** The steps as events: each writes the fields its step changed (a range, both ends). */
function told(
  calendarId: string,
  start: Settings,
  steps: readonly Step[],
  at: string,
): CalendarChangeEvent[] {
  let state = start;
  return steps.map((step) => {
    const fields = Object.keys(step.to).filter(
      (field) => TOLD_WHOLE.has(step.type) || !same(state[field], step.to[field]),
    );
    const data = {
      calendar_id: calendarId,
      ...step.subject,
      before: pick(state, fields),
      after: pick(step.to, fields),
      changed_at: at,
    };
    state = { ...state, ...step.to };
    return { type: step.type, data } as CalendarChangeEvent;
  });
}

/** Spans reopened, then spans blocked; the last step ends on the list as requested. */
function spanSteps(before: Settings, after: Settings): Step[] {
  const from = before.marked_time_spans as MarkedTimeSpan[];
  const to = after.marked_time_spans as MarkedTimeSpan[];
  const steps: Step[] = [];
  let spans = from;
  for (const span of from.filter((s) => !to.some((t) => sameSpan(s, t)))) {
    spans = spans.filter((s) => !sameSpan(s, span));
    steps.push({
      type: 'CalendarTimeSpanReopened',
      to: { marked_time_spans: spans },
      subject: { span },
    });
  }
  for (const span of to.filter((t) => !from.some((s) => sameSpan(s, t)))) {
    spans = [...spans, span];
    steps.push({
      type: 'CalendarTimeSpanBlocked',
      to: { marked_time_spans: spans },
      subject: { span },
    });
  }
  return endOn(steps, { marked_time_spans: to });
}

/**
 * Reasons removed, added, then those whose rules changed; the same reasons in another order are
 * reordered. The last step ends on the lists as requested.
 */
function reasonSteps(before: Settings, after: Settings): Step[] {
  const fromTitles = before.reasons as string[];
  const toTitles = after.reasons as string[];
  const toRules = after.associated_reasons as CalendarReason[];
  const rulesIn = (list: Settings, title: string) =>
    (list.associated_reasons as CalendarReason[]).find((r) => r.title === title);
  const steps: Step[] = [];
  let state: Settings = pick(before, REASON_FIELDS);
  const step = (type: CalendarChangeType, reason: CalendarReason, to: Settings) => {
    state = to;
    steps.push({ type, to, subject: { reason } });
  };
  const withoutRules = (title: string) =>
    (state.associated_reasons as CalendarReason[]).filter((r) => r.title !== title);
  for (const title of fromTitles.filter((t) => !toTitles.includes(t))) {
    step('CalendarVisitReasonRemoved', rulesIn(before, title) ?? { title }, {
      reasons: (state.reasons as string[]).filter((t) => t !== title),
      associated_reasons: withoutRules(title),
    });
  }
  for (const title of toTitles.filter((t) => !fromTitles.includes(t))) {
    const rules = rulesIn(after, title);
    step('CalendarVisitReasonAdded', rules ?? { title }, {
      reasons: [...(state.reasons as string[]), title],
      associated_reasons: rules ? [...withoutRules(title), rules] : state.associated_reasons,
    });
  }
  for (const title of toTitles.filter((t) => fromTitles.includes(t))) {
    const rules = rulesIn(after, title);
    if (same(rulesIn(before, title), rules)) continue;
    step('CalendarVisitReasonChanged', rules ?? { title }, {
      reasons: state.reasons,
      associated_reasons: rules ? [...withoutRules(title), rules] : withoutRules(title),
    });
  }
  const requested = { reasons: toTitles, associated_reasons: toRules };
  if (steps.length === 0 && !same(state, requested)) {
    return [{ type: 'CalendarVisitReasonsReordered', to: requested }];
  }
  return endOn(steps, requested);
}

/** The last step ends exactly where the change asked (the order of a list as sent). */
function endOn(steps: Step[], to: Settings): Step[] {
  const last = steps.at(-1);
  return last ? [...steps.slice(0, -1), { ...last, to: { ...last.to, ...to } }] : steps;
}
