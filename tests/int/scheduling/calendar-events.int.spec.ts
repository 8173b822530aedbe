import { randomUUID } from 'node:crypto';
import type { AuditPage } from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/** Friday 2026-03-06, 10:00 in New York. */
const now = new Date('2026-03-06T15:00:00Z');
const USER_AGENT = 'calendar-events-test/1.0';
let app: TestApp;
let practice: TestPractice;
let admin: TestUser;
let calendarId: string;
/** The log's position after the last change made. */
let settled = 0;

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { holdExpiryIntervalMs: 3_600_000 },
  });
  const registered = await createPractice(app);
  admin = await createUser(app, 'PracticeAdmin', registered.practiceId, {
    first: 'Ada',
    last: 'Lovelace',
  });
  practice = { ...registered, admin };
  ({ calendarId } = await createCalendar(app, practice, {
    name: 'Dr. Events',
    first_hour: 8,
    last_hour: 12,
    time_step: 60,
    date_from: '2026-03-01',
    working_days: [1, 2, 3, 4, 5],
    booking_capacity: 1,
  }));
});

afterAll(() => app.close());

interface Stored {
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  readonly position: number;
}

/** The events a request appended to the calendar's stream, as stored. */
async function appendedBy(
  send: (headers: Record<string, string>) => Promise<{ status: number; body: unknown }>,
) {
  const correlationId = randomUUID();
  const {
    rows: [head],
  } = await sql<{ revision: string | null }>`
    SELECT max(stream_revision) AS revision FROM es_events
     WHERE stream_id = ${`calendar-${calendarId}`}`.execute(app.database.db);
  const response = await send({ 'x-correlation-id': correlationId, 'user-agent': USER_AGENT });
  if (response.status >= 300) throw new Error(JSON.stringify(response.body));
  const { rows } = await sql<{
    type: string;
    data: Record<string, unknown>;
    metadata: Record<string, unknown>;
    position: string;
  }>`
    SELECT event_type AS type, data, metadata, global_position AS position FROM es_events
     WHERE stream_id = ${`calendar-${calendarId}`} AND stream_revision > ${Number(head!.revision)}
     ORDER BY stream_revision`.execute(app.database.db);
  const events: Stored[] = rows.map((row) => ({ ...row, position: Number(row.position) }));
  for (const event of events) {
    expect(event.metadata).toEqual({
      actorId: admin.userId,
      actorRole: 'PracticeAdmin',
      onBehalfOf: null,
      ip: '127.0.0.1',
      userAgent: USER_AGENT,
      correlationId,
      causationId: null,
      commandId: null,
    });
  }
  // The answer's position is the last of them (one append), or where the stream stood.
  const answered = (response.body as { data: { position: number } }).data.position;
  if (events.length) expect(answered).toBe(events.at(-1)!.position);
  settled = Math.max(settled, answered);
  return events.map(({ type, data }) => ({ type, data }));
}

const put = (body: unknown) =>
  appendedBy((headers) => app.api.as(admin).put(`/api/v1/calendars/${calendarId}`, body, headers));
const changedAt = now.toISOString();
/** A fact as the test names it; `told` gives it the calendar and time it is stored with. */
const fact = (type: string, data: Record<string, unknown>) => ({ type, data });
const told = (facts: ReturnType<typeof fact>[]) =>
  facts.map(({ type, data }) => ({
    type,
    data: { calendar_id: calendarId, ...data, changed_at: changedAt },
  }));

describe('each kind of calendar change through the API', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof fact>[]]>([
    [
      'hours',
      { last_hour: 13 },
      [
        fact('CalendarHoursChanged', {
          before: { first_hour: 8, last_hour: 12 },
          after: { first_hour: 8, last_hour: 13 },
        }),
      ],
    ],
    [
      'working days',
      { working_days: [1, 2, 3, 4, 5, 6] },
      [
        fact('CalendarWorkingDaysChanged', {
          before: { working_days: [1, 2, 3, 4, 5] },
          after: { working_days: [1, 2, 3, 4, 5, 6] },
        }),
      ],
    ],
    [
      'the date range',
      { date_to: '2026-12-31' },
      [
        fact('CalendarDateRangeChanged', {
          before: { date_from: '2026-03-01', date_to: null },
          after: { date_from: '2026-03-01', date_to: '2026-12-31' },
        }),
      ],
    ],
    [
      'the time step',
      { time_step: 30 },
      [fact('CalendarTimeStepChanged', { before: { time_step: 60 }, after: { time_step: 30 } })],
    ],
    [
      'the capacity',
      { booking_capacity: 3 },
      [
        fact('CalendarCapacityChanged', {
          before: { booking_capacity: 1 },
          after: { booking_capacity: 3 },
        }),
      ],
    ],
    [
      'the booking rules and the wizard, the name and slot visibility, in one request',
      {
        name: 'Dr. Events (mornings)',
        accept_reject_enabled: true,
        wait_list_enabled: true,
        can_check_in: true,
        online_booking_disabled: true,
        hold_minutes: 15,
        custom_form_ids: ['intake'],
        enable_insurance: false,
        slots_hide_hours: 2,
      },
      [
        fact('CalendarRenamed', {
          before: { name: 'Dr. Events' },
          after: { name: 'Dr. Events (mornings)' },
        }),
        fact('CalendarSlotVisibilityChanged', {
          before: { slots_hide_hours: 0 },
          after: { slots_hide_hours: 2 },
        }),
        fact('CalendarBookingRulesChanged', {
          before: {
            online_booking_disabled: false,
            wait_list_enabled: false,
            can_check_in: false,
            accept_reject_enabled: false,
            hold_minutes: 10,
          },
          after: {
            online_booking_disabled: true,
            wait_list_enabled: true,
            can_check_in: true,
            accept_reject_enabled: true,
            hold_minutes: 15,
          },
        }),
        fact('CalendarWizardSettingsChanged', {
          before: { custom_form_ids: [], enable_insurance: true },
          after: { custom_form_ids: ['intake'], enable_insurance: false },
        }),
      ],
    ],
  ])(
    '%s: the fine-grained facts, before and after, with who, from where and why',
    async (_, body, expected) => {
      expect(await put(body)).toEqual(told(expected));
    },
  );

  it('blocked spans: blocked and reopened', async () => {
    const span = { start: '2026-03-09T13:00:00Z', end: '2026-03-09T15:00:00Z' };
    const path = `/api/v1/calendars/${calendarId}/blocks`;
    expect(await appendedBy((headers) => app.api.as(admin).post(path, span, headers))).toEqual(
      told([
        fact('CalendarTimeSpanBlocked', {
          span,
          before: { marked_time_spans: [] },
          after: { marked_time_spans: [span] },
        }),
      ]),
    );
    expect(await appendedBy((headers) => app.api.as(admin).delete(path, span, headers))).toEqual(
      told([
        fact('CalendarTimeSpanReopened', {
          span,
          before: { marked_time_spans: [span] },
          after: { marked_time_spans: [] },
        }),
      ]),
    );
  });

  it('visit reasons: added, changed and removed', async () => {
    const path = `/api/v1/calendars/${calendarId}/reasons`;
    const checkup = { title: 'Checkup', week_time_frame: [1, 2] };
    expect(await appendedBy((headers) => app.api.as(admin).post(path, checkup, headers))).toEqual(
      told([
        fact('CalendarVisitReasonAdded', {
          reason: checkup,
          before: { reasons: [], associated_reasons: [] },
          after: { reasons: ['Checkup'], associated_reasons: [checkup] },
        }),
      ]),
    );
    const changed = { title: 'Checkup', allow_immediate_checkin: true };
    expect(await appendedBy((headers) => app.api.as(admin).put(path, changed, headers))).toEqual(
      told([
        fact('CalendarVisitReasonChanged', {
          reason: changed,
          before: { associated_reasons: [checkup] },
          after: { associated_reasons: [changed] },
        }),
      ]),
    );
    expect(
      await appendedBy((headers) => app.api.as(admin).delete(path, { title: 'Checkup' }, headers)),
    ).toEqual(
      told([
        fact('CalendarVisitReasonRemoved', {
          reason: changed,
          before: { reasons: ['Checkup'], associated_reasons: [changed] },
          after: { reasons: [], associated_reasons: [] },
        }),
      ]),
    );
  });

  it('a request that changes nothing appends nothing', async () => {
    expect(await put({ booking_capacity: 3 })).toEqual([]);
  });
});

describe('the practice audit trail', () => {
  it("tells a sentence per fact, naming the actor's display name", async () => {
    const response = await app.api
      .as(admin)
      .get(
        `/api/v1/practices/${practice.practiceId}/audit?kind=calendar&calendar_id=${calendarId}&limit=100&min_position=${settled}`,
      );
    expect(response.status).toBe(200);
    const entries = (response.body.data as AuditPage).entries;
    const summaries = entries.map((entry) => entry.summary).reverse();
    expect(summaries).toEqual([
      'Created the calendar "Dr. Events"',
      'Changed the hours of "Dr. Events" from 8:00–12:00 to 8:00–13:00',
      'Changed the working days of "Dr. Events" from Mon, Tue, Wed, Thu, Fri to Mon, Tue, Wed, Thu, Fri, Sat',
      'Changed the dates of "Dr. Events" from 2026-03-01 – open-ended to 2026-03-01 – 2026-12-31',
      'Changed the time step of "Dr. Events" from 60 to 30 minutes',
      'Changed the capacity of "Dr. Events" from 1 to 3 per slot',
      'Renamed the calendar "Dr. Events" to "Dr. Events (mornings)"',
      'Changed when "Dr. Events (mornings)" shows its slots: hours before a slot is hidden 0 → 2',
      'Changed the booking rules of "Dr. Events (mornings)": online booking on → off, waiting list off → on, patient check-in off → on, accept or reject requests off → on, hold minutes 10 → 15',
      'Changed the booking wizard of "Dr. Events (mornings)": custom forms none → intake, insurance on → off',
      'Blocked Mon, Mar 9, 2026 at 9:00 AM to Mon, Mar 9, 2026 at 11:00 AM EDT on "Dr. Events (mornings)"',
      'Reopened Mon, Mar 9, 2026 at 9:00 AM to Mon, Mar 9, 2026 at 11:00 AM EDT on "Dr. Events (mornings)"',
      'Added the visit reason "Checkup" to "Dr. Events (mornings)" (weeks 1, 2)',
      'Changed the visit reason "Checkup" on "Dr. Events (mornings)" from weeks 1, 2 to immediate check-in',
      'Removed the visit reason "Checkup" from "Dr. Events (mornings)"',
    ]);
    for (const entry of entries) {
      expect(entry.actor).toEqual({
        id: admin.userId,
        name: 'Ada Lovelace',
        role: 'PracticeAdmin',
        on_behalf_of: null,
      });
    }
  });
});
