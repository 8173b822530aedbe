import {
  CALENDAR_MESSAGES,
  canonicalWeeklyHours,
  timeOfDay,
  weeklyHoursOf,
} from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import { type CalendarCommand, type CalendarDirectory, calendarDecider } from './calendar.decider';
import {
  type CalendarChangeData,
  type CalendarChangeType,
  type CalendarEvent,
  type CalendarSettings,
  withCalendarDefaults,
} from './calendar.events';
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

/** The event of one kind of change, as the decider writes it. */
const fact = <T extends CalendarChangeType>(
  type: T,
  data: Omit<CalendarChangeData[T], 'calendar_id' | 'changed_at'>,
): CalendarEvent =>
  ({
    type,
    data: { calendar_id: 'cal', ...data, changed_at: now.toISOString() },
  }) as CalendarEvent;

describe('ChangeCalendarSettings', () => {
  it('changes the capacity per slot, up or down, within 1 and 500', () => {
    for (const booking_capacity of [1, 5, 500]) {
      const expected =
        booking_capacity === 2
          ? []
          : [
              fact('CalendarCapacityChanged', {
                before: { booking_capacity: 2 },
                after: { booking_capacity },
              }),
            ];
      given([created]).when(change({ booking_capacity })).then(expected);
    }
    const raised = fact('CalendarCapacityChanged', {
      before: { booking_capacity: 2 },
      after: { booking_capacity: 5 },
    });
    expect(fold(calendarDecider, [created, raised]).settings?.booking_capacity).toBe(5);
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

  it('tells a change of several kinds as one event per kind, in one decision', () => {
    given([created])
      .when(change({ last_hour: 16, wait_list_enabled: true, hold_minutes: 15, name: 'Dr. B' }))
      .then([
        fact('CalendarRenamed', { before: { name: 'Dr. Rivera' }, after: { name: 'Dr. B' } }),
        fact('CalendarHoursChanged', {
          before: { first_hour: 8, last_hour: 17 },
          after: { first_hour: 8, last_hour: 16 },
        }),
        fact('CalendarBookingRulesChanged', {
          before: { wait_list_enabled: false, hold_minutes: 10 },
          after: { wait_list_enabled: true, hold_minutes: 15 },
        }),
      ]);
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
    const events = [
      fact('CalendarBookingRulesChanged', {
        before: { wait_list_enabled: false, accept_reject_enabled: false },
        after: { wait_list_enabled: true, accept_reject_enabled: true },
      }),
      fact('CalendarWizardSettingsChanged', {
        before: {
          custom_form_ids: [],
          collect_patient_demographics: false,
          enable_insurance: true,
          enable_insurance_eligibility: false,
        },
        after: {
          custom_form_ids: ['form-intake', 'form-covid'],
          collect_patient_demographics: true,
          enable_insurance: false,
          enable_insurance_eligibility: true,
        },
      }),
    ];
    given([created]).when(change(changes)).then(events);
    expect(fold(calendarDecider, [created, ...events]).settings).toMatchObject(changes);
  });

  it('records only what differs, and nothing when nothing differs', () => {
    given([created])
      .when(change({ enable_insurance: true, wait_list_enabled: true }))
      .then([
        fact('CalendarBookingRulesChanged', {
          before: { wait_list_enabled: false },
          after: { wait_list_enabled: true },
        }),
      ]);
    given([created])
      .when(change({ enable_insurance: true, booking_capacity: 2 }))
      .thenNothing();
  });
});

const settled = (events: readonly CalendarEvent[]) => fold(calendarDecider, events).settings!;

describe('what a practice admin edits, each kind of change its own event', () => {
  it.each<[CalendarChangeType, Partial<CalendarSettings>, Partial<CalendarSettings>]>([
    ['CalendarHoursChanged', { first_hour: 9, last_hour: 13 }, { first_hour: 8, last_hour: 17 }],
    ['CalendarTimeStepChanged', { time_step: 15 }, { time_step: 30 }],
    [
      'CalendarDateRangeChanged',
      { date_from: '2026-12-01', date_to: '2027-03-31' },
      { date_from: '2026-11-23', date_to: null },
    ],
    ['CalendarCapacityChanged', { booking_capacity: 4 }, { booking_capacity: 2 }],
    ['CalendarWorkingDaysChanged', { working_days: [1, 3, 5] }, { working_days: [1, 2, 3, 4, 5] }],
    [
      'CalendarBookingRulesChanged',
      { accept_reject_enabled: true },
      { accept_reject_enabled: false },
    ],
    ['CalendarBookingRulesChanged', { wait_list_enabled: true }, { wait_list_enabled: false }],
    [
      'CalendarSlotVisibilityChanged',
      { minutes_before_showing_slots: 180 },
      { minutes_before_showing_slots: 60 },
    ],
    ['CalendarSlotVisibilityChanged', { slots_hide_hours: 120 }, { slots_hide_hours: 0 }],
    [
      'CalendarBookingRulesChanged',
      { online_booking_disabled: true },
      { online_booking_disabled: false },
    ],
    ['CalendarRenamed', { name: 'Dr. Rivera (mornings)' }, { name: 'Dr. Rivera' }],
    ['CalendarVisitTypeChanged', { visit_type: 'Telehealth' }, { visit_type: 'Office' }],
  ])('tells %s with the fields before and after', (type, after, before) => {
    const event = fact(type, { before, after });
    given([created]).when(change(after)).then([event]);
    expect(settled([created, event])).toMatchObject(after);
  });

  it('tells a range whole, whichever end moved', () => {
    given([created])
      .when(change({ date_to: '2027-01-31' }))
      .then([
        fact('CalendarDateRangeChanged', {
          before: { date_from: '2026-11-23', date_to: null },
          after: { date_from: '2026-11-23', date_to: '2027-01-31' },
        }),
      ]);
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
      .thenEvents((events) =>
        expect(events.map((e) => e.type)).toEqual([
          'CalendarHoursChanged',
          'CalendarTimeStepChanged',
        ]),
      );
  });
});

describe('blocked time spans', () => {
  const span = { start: '2026-11-24T15:00:00Z', end: '2026-11-24T17:00:00Z' };
  const other = { start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:00:00Z' };
  const block = (s = span): CalendarCommand => ({ type: 'BlockTimeSpan', span: s, now });
  const unblock = (s = span): CalendarCommand => ({ type: 'UnblockTimeSpan', span: s, now });
  const blocked = fact('CalendarTimeSpanBlocked', {
    span,
    before: { marked_time_spans: [] },
    after: { marked_time_spans: [span] },
  });

  it('blocks a span, and opens it again', () => {
    given([created]).when(block()).then([blocked]);
    const reopened = fact('CalendarTimeSpanReopened', {
      span,
      before: { marked_time_spans: [span] },
      after: { marked_time_spans: [] },
    });
    given([created, blocked])
      .when(unblock({ start: '2026-11-24T15:00:00.000Z', end: '2026-11-24T17:00:00+00:00' }))
      .then([reopened]);
    expect(settled([created, blocked, reopened]).marked_time_spans).toEqual([]);
  });

  it('tells a new list of spans as the spans reopened and blocked; a reordered list is no change', () => {
    given([created, blocked])
      .when(change({ marked_time_spans: [other] }))
      .then([
        fact('CalendarTimeSpanReopened', {
          span,
          before: { marked_time_spans: [span] },
          after: { marked_time_spans: [] },
        }),
        fact('CalendarTimeSpanBlocked', {
          span: other,
          before: { marked_time_spans: [] },
          after: { marked_time_spans: [other] },
        }),
      ]);
    const both = fact('CalendarTimeSpanBlocked', {
      span: other,
      before: { marked_time_spans: [span] },
      after: { marked_time_spans: [span, other] },
    });
    given([created, blocked, both])
      .when(change({ marked_time_spans: [other, span] }))
      .thenNothing();
  });

  it('refuses a span that ends before it starts, the same span twice, and opening one not blocked', () => {
    given([created])
      .when(block({ start: span.end, end: span.start }))
      .thenThrows(DomainError, m.span);
    given([created, blocked]).when(block()).thenThrows(ConflictError, m.spanExists);
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
    const added = fact('CalendarVisitReasonAdded', {
      reason: flu,
      before: { reasons: [], associated_reasons: [] },
      after: { reasons: ['Flu shot'], associated_reasons: [flu] },
    });
    given([created])
      .when(add({ title: ' Flu shot ', week_time_frame: [1, 3], allow_immediate_checkin: true }))
      .then([added]);
    const edited = fact('CalendarVisitReasonChanged', {
      reason: { title: 'Flu shot', week_time_frame: [2] },
      before: { associated_reasons: [flu] },
      after: { associated_reasons: [{ title: 'Flu shot', week_time_frame: [2] }] },
    });
    given([created, added])
      .when({
        type: 'ChangeCalendarReason',
        reason: { title: 'Flu shot', week_time_frame: [2] },
        now,
      })
      .then([edited]);
    given([created, added, edited])
      .when({ type: 'RemoveCalendarReason', title: 'Flu shot', now })
      .then([
        fact('CalendarVisitReasonRemoved', {
          reason: { title: 'Flu shot', week_time_frame: [2] },
          before: {
            reasons: ['Flu shot'],
            associated_reasons: [{ title: 'Flu shot', week_time_frame: [2] }],
          },
          after: { reasons: [], associated_reasons: [] },
        }),
      ]);
  });

  it('refuses a reason twice, editing or removing one not offered, and a bad week_time_frame', () => {
    const added = fact('CalendarVisitReasonAdded', {
      reason: { title: 'Checkup' },
      before: { reasons: [], associated_reasons: [] },
      after: { reasons: ['Checkup'], associated_reasons: [{ title: 'Checkup' }] },
    });
    given([created])
      .when(add({ title: 'Checkup' }))
      .then([added]);
    given([created, added])
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

  it('listing reason titles directly removes and adds them, dropping the rules of those left out', () => {
    const flu = { title: 'Flu', week_time_frame: [2] };
    const added = fact('CalendarVisitReasonAdded', {
      reason: flu,
      before: { reasons: [], associated_reasons: [] },
      after: { reasons: ['Flu'], associated_reasons: [flu] },
    });
    given([created]).when(add(flu)).then([added]);
    given([created, added])
      .when(change({ reasons: ['Checkup'] }))
      .then([
        fact('CalendarVisitReasonRemoved', {
          reason: flu,
          before: { reasons: ['Flu'], associated_reasons: [flu] },
          after: { reasons: [], associated_reasons: [] },
        }),
        fact('CalendarVisitReasonAdded', {
          reason: { title: 'Checkup' },
          before: { reasons: [] },
          after: { reasons: ['Checkup'] },
        }),
      ]);
  });

  it('tells the same reasons listed in another order as reordered', () => {
    const offered = fact('CalendarVisitReasonAdded', {
      reason: { title: 'B' },
      before: { reasons: [] },
      after: { reasons: ['A', 'B'] },
    });
    given([created, offered])
      .when(change({ reasons: ['B', 'A'] }))
      .then([
        fact('CalendarVisitReasonsReordered', {
          before: { reasons: ['A', 'B'] },
          after: { reasons: ['B', 'A'] },
        }),
      ]);
  });
});

describe('weekly hours (split shifts)', () => {
  const derived = weeklyHoursOf(8, 17, [1, 2, 3, 4, 5]);
  const split = [
    {
      weekday: 1,
      spans: [
        { start: '08:00', end: '12:00' },
        { start: '13:30', end: '17:00' },
      ],
    },
    { weekday: 6, spans: [{ start: '09:00', end: '12:00' }] },
  ];
  const splitStored = canonicalWeeklyHours(split);

  it('sets hours per weekday, telling them before (derived from the single hours) and after', () => {
    given([created])
      .when(change({ weekly_hours: split }))
      .then([
        fact('CalendarWeeklyHoursChanged', {
          before: { weekly_hours: derived },
          after: { weekly_hours: splitStored },
        }),
      ]);
  });

  it('stores all seven days in order, each day its spans by start', () => {
    const unordered = [
      { weekday: 6, spans: [{ start: '09:00', end: '12:00' }] },
      {
        weekday: 1,
        spans: [
          { start: '13:30', end: '17:00' },
          { start: '08:00', end: '12:00' },
        ],
      },
    ];
    given([created])
      .when(change({ weekly_hours: unordered }))
      .thenEvents(([event]) => {
        const stored = (event!.data as CalendarChangeData['CalendarWeeklyHoursChanged']).after
          .weekly_hours!;
        expect(stored).toEqual(splitStored);
        expect(stored.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      });
  });

  it('records nothing for the hours the calendar already has', () => {
    given([created])
      .when(change({ weekly_hours: derived }))
      .then([]);
    given([created])
      .when(change({ weekly_hours: null }))
      .then([]);
  });

  it('refuses overlapping spans, a span that ends before it starts, too many spans, no hours', () => {
    const day = (spans: { start: string; end: string }[]) => [{ weekday: 2, spans }];
    given([created])
      .when(
        change({
          weekly_hours: day([
            { start: '08:00', end: '12:00' },
            { start: '11:30', end: '14:00' },
          ]),
        }),
      )
      .thenThrows(Invalid, m.weeklyHoursOverlap);
    given([created])
      .when(change({ weekly_hours: day([{ start: '12:00', end: '08:00' }]) }))
      .thenThrows(Invalid, m.weeklyHoursSpan);
    given([created])
      .when(change({ weekly_hours: day([{ start: '8:00', end: '12:00' }]) }))
      .thenThrows(Invalid, m.weeklyHoursSpan);
    const many = Array.from({ length: 7 }, (_, i) => ({
      start: timeOfDay(i * 60),
      end: timeOfDay(i * 60 + 30),
    }));
    given([created])
      .when(change({ weekly_hours: day(many) }))
      .thenThrows(Invalid, m.weeklyHoursTooMany);
    given([created])
      .when(change({ weekly_hours: [{ weekday: 1, spans: [] }] }))
      .thenThrows(Invalid, m.weeklyHoursEmpty);
    given([created])
      .when(change({ weekly_hours: [...split, { weekday: 1, spans: [] }] }))
      .thenThrows(Invalid, m.weeklyHoursDays);
    given([created])
      .when(change({ weekly_hours: [{ weekday: 8, spans: [{ start: '08:00', end: '09:00' }] }] }))
      .thenThrows(Invalid, m.weeklyHoursDays);
  });

  it('refuses spans the time step does not fill evenly, and a step that no longer fits them', () => {
    given([created])
      .when(change({ weekly_hours: [{ weekday: 1, spans: [{ start: '08:00', end: '08:45' }] }] }))
      .thenThrows(Invalid, m.weeklyHoursStep);
    const withSplit = fact('CalendarWeeklyHoursChanged', {
      before: { weekly_hours: derived },
      after: { weekly_hours: splitStored },
    });
    // 13:30–17:00 is 210 minutes: 60 does not divide it.
    given([created, withSplit])
      .when(change({ time_step: 60 }))
      .thenThrows(Invalid, m.weeklyHoursStep);
    given([created, withSplit])
      .when(change({ time_step: 15 }))
      .thenEvents((events) =>
        expect(events.map((e) => e.type)).toEqual(['CalendarTimeStepChanged']),
      );
  });

  it('goes back to the single hours when they are changed, clearing the weekly hours', () => {
    const withSplit = fact('CalendarWeeklyHoursChanged', {
      before: { weekly_hours: derived },
      after: { weekly_hours: splitStored },
    });
    given([created, withSplit])
      .when(change({ first_hour: 9 }))
      .then([
        fact('CalendarHoursChanged', {
          before: { first_hour: 8, last_hour: 17 },
          after: { first_hour: 9, last_hour: 17 },
        }),
        fact('CalendarWeeklyHoursChanged', {
          before: { weekly_hours: splitStored },
          after: { weekly_hours: null },
        }),
      ]);
    const state = fold(calendarDecider, [created, withSplit]);
    expect(withCalendarDefaults(state.settings!).weekly_hours).toEqual(splitStored);
  });

  it('creates a calendar with weekly hours, checked as sent', () => {
    given([])
      .when(create(registered, { weekly_hours: split }))
      .thenEvents(([event]) =>
        expect((event!.data as CalendarSettings).weekly_hours).toEqual(splitStored),
      );
    given([])
      .when(create(registered, { weekly_hours: [{ weekday: 3, spans: [] }] }))
      .thenThrows(Invalid, m.weeklyHoursEmpty);
  });
});
