import {
  ANALYTICS_MESSAGES,
  type AnalyticsNumbers,
  type AnalyticsReport,
  type BookingResult,
  DATE_RANGE_MESSAGE,
  type WaitlistItemView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { analyticsProjection } from '../../../apps/api/src/modules/analytics/projections/analytics.projection';
import { WaitlistOfferExpiryScheduler } from '../../../apps/api/src/modules/waitlist/waitlist-offer-expiry.scheduler';
import { createUser, registerPatient, signIn, type TestUser } from '../../support/accounts';
import type { ApiClient } from '../../support/api-client';
import { eventually } from '../../support/events';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * A scripted history on a pinned clock that the script moves, so every number is exact. The
 * calendar (New York, EDT) opens 9-12 on weekdays in hour slots, capacity 1; it is created on
 * Wednesday 2026-04-01 at 08:00 local, so its first week offers Wednesday to Friday only.
 */
let now = new Date('2026-04-01T12:00:00Z');
const at = (instant: string) => {
  now = new Date(instant);
};

let app: TestApp;
let practice: TestPractice;
let otherProvider: TestUser;
let calendarId: string;
let settled = 0;

/** Tokens expire by the pinned clock too: each user signs in again once the script moved it. */
const tokens = new Map<string, { at: number; token: string }>();
async function tokenOf(user: TestUser): Promise<string> {
  const known = tokens.get(user.userId);
  if (known?.at === now.getTime()) return known.token;
  const { access_token: token } = await signIn(app, user.email, user.password);
  tokens.set(user.userId, { at: now.getTime(), token });
  return token;
}
const as = async (user: TestUser): Promise<ApiClient> => app.api.as(await tokenOf(user));

const hours = { first_hour: 9, last_hour: 12, time_step: 60, working_days: [1, 2, 3, 4, 5] };
const positionOf = (body: unknown) => (body as { data: { position: number } }).data.position;

async function book(calendar: string, start: string): Promise<BookingResult> {
  const response = await (
    await as(practice.staff)
  ).post('/api/v1/appointments', {
    calendar_id: calendar,
    start_date: start,
    patient_id: await registerPatient(app),
  });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return response.body.data as BookingResult;
}

async function expectOk(response: Promise<{ status: number; body: unknown }>): Promise<number> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
  settled = Math.max(settled, positionOf(answer.body));
  return settled;
}

/** The open offer a waiting patient was made, once the offers process has made it. */
async function offerOf(user: TestUser): Promise<string> {
  const [item] = await eventually(
    async () =>
      (await (await as(user)).get(`/api/v1/waitlist/patients/${user.userId}`)).body
        .data as WaitlistItemView[],
    (items) => items.some((i) => i.offer?.status === 'Offered'),
  );
  return item!.offer!.offer_id;
}

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { waitlistOfferTtlMs: 30 * 60_000, holdExpiryIntervalMs: 3_600_000 },
  });
  practice = await createPractice(app);
  otherProvider = await createUser(app, 'Provider', practice.practiceId);
  const created = await createCalendar(app, practice, {
    ...hours,
    date_from: '2026-04-01',
    wait_list_enabled: true,
  });
  calendarId = created.calendarId;
  // The waitlist's offers read the calendar's read model: it is there before anyone waits.
  const read = await (
    await as(practice.admin)
  ).get(`/api/v1/calendars/${calendarId}?min_position=${created.position}`);
  expect(read.status).toBe(200);
  // A second provider's calendar, one slot a day: only the unfiltered numbers include it.
  const { calendarId: other } = await createCalendar(app, practice, {
    first_hour: 9,
    last_hour: 10,
    time_step: 60,
    working_days: [1, 2, 3, 4, 5],
    date_from: '2026-04-01',
    provider_id: otherProvider.userId,
    name: 'Dr. Other',
  });

  at('2026-04-02T12:00:00Z');
  const noShow = await book(calendarId, '2026-04-06T13:00:00.000Z');
  const canceled = await book(calendarId, '2026-04-06T14:00:00.000Z');
  const moved = await book(calendarId, '2026-04-07T13:00:00.000Z');
  await book(calendarId, '2026-04-07T14:00:00.000Z');
  await book(other, '2026-04-06T13:00:00.000Z');

  // Rescheduled away (its place is given back) and the place taken again two hours later.
  at('2026-04-03T12:00:00Z');
  await expectOk(
    (await as(practice.staff)).put(`/api/v1/appointments/${moved.appointment_id}/reschedule`, {
      start_date: '2026-04-08T13:00:00.000Z',
    }),
  );
  at('2026-04-03T14:00:00Z');
  await book(calendarId, '2026-04-07T13:00:00.000Z');

  // Three wait; a cancel two days ahead frees a place: declined, expired, then accepted.
  at('2026-04-03T15:00:00Z');
  const waiting = [
    await createUser(app, 'Patient'),
    await createUser(app, 'Patient'),
    await createUser(app, 'Patient'),
  ];
  for (const patient of waiting) {
    const joined = await (await as(patient)).post('/api/v1/waitlist', { calendar_id: calendarId });
    expect(joined.status).toBe(201);
  }
  at('2026-04-04T14:00:00Z');
  await expectOk(
    (await as(practice.staff)).delete(`/api/v1/appointments/${canceled.appointment_id}`, {}),
  );
  const [first, second, third] = waiting as [TestUser, TestUser, TestUser];
  await expectOk((await as(first)).put(`/api/v1/waitlist/offers/${await offerOf(first)}/decline`));
  await offerOf(second);
  at('2026-04-04T16:45:00Z');
  await app.app.get(WaitlistOfferExpiryScheduler).expireDue();
  const thirdOffer = await offerOf(third);
  at('2026-04-04T17:00:00Z');
  await expectOk((await as(third)).put(`/api/v1/waitlist/offers/${thirdOffer}/accept`));
  for (const patient of [first, second]) {
    await (await as(patient)).delete(`/api/v1/waitlist/calendars/${calendarId}`, {});
  }

  at('2026-04-06T15:00:00Z');
  await expectOk(
    (await as(practice.staff)).put(`/api/v1/appointments/${noShow.appointment_id}/status`, {
      status: 'No-Show',
    }),
  );

  // Capacity 2 from Wednesday noon: the week's Thursday and Friday offer twice the places.
  at('2026-04-08T16:00:00Z');
  await expectOk(
    (await as(practice.admin)).put(`/api/v1/calendars/${calendarId}`, { booking_capacity: 2 }),
  );
  at('2026-04-08T17:00:00Z');
  await book(calendarId, '2026-04-13T13:00:00.000Z');
  const late = await book(calendarId, '2026-04-13T13:00:00.000Z');
  // Friday morning of the next week blocked: three slots fewer.
  at('2026-04-09T12:00:00Z');
  await expectOk(
    (await as(practice.admin)).post(`/api/v1/calendars/${calendarId}/blocks`, {
      start: '2026-04-17T13:00:00.000Z',
      end: '2026-04-17T16:00:00.000Z',
    }),
  );
  at('2026-04-13T03:00:00Z');
  await expectOk(
    (await as(practice.staff)).delete(`/api/v1/appointments/${late.appointment_id}`, {}),
  );
  // What the offers process appended after the last command (its events are the log's too).
  const head = await app.app.get<EventStore>(EVENT_STORE).head();
  settled = Math.max(settled, head!.position);
});

afterAll(async () => {
  await app.close();
});

async function report(query: string, caller: TestUser = practice.admin): Promise<AnalyticsReport> {
  const response = await (
    await as(caller)
  ).get(`/api/v1/practices/${practice.practiceId}/analytics?min_position=${settled}&${query}`);
  if (response.status !== 200) throw new Error(`analytics: ${JSON.stringify(response.body)}`);
  return response.body.data as AnalyticsReport;
}

const zero: AnalyticsNumbers = {
  slots_offered: 0,
  booked: 0,
  utilisation: null,
  cancellations: 0,
  canceled_within_24h: 0,
  canceled_within_7d: 0,
  canceled_earlier: 0,
  median_cancel_notice_hours: null,
  no_shows: 0,
  no_show_rate: null,
  median_lead_hours: null,
  places_freed: 0,
  places_refilled: 0,
  median_refill_hours: null,
  offers_made: 0,
  offers_accepted: 0,
  offers_declined: 0,
  offers_expired: 0,
};

it("counts one provider's weeks exactly: places as the settings stood, bookings, cancels, no-shows, refills, offers", async () => {
  const { weeks, totals, providers } = await report(
    `from=2026-03-30&to=2026-04-19&provider_id=${practice.provider.userId}`,
  );
  expect(providers.map((p) => p.id).sort()).toEqual(
    [practice.provider.userId, otherProvider.userId].sort(),
  );
  expect(weeks).toEqual([
    // Created on Wednesday at 08:00: Wednesday to Friday, three slots a day.
    { ...zero, week_start: '2026-03-30', slots_offered: 9, utilisation: 0 },
    {
      ...zero,
      week_start: '2026-04-06',
      // Monday to Wednesday at capacity 1, Thursday and Friday at 2.
      slots_offered: 21,
      booked: 5,
      utilisation: 5 / 21,
      cancellations: 1,
      canceled_within_7d: 1,
      median_cancel_notice_hours: 48,
      no_shows: 1,
      no_show_rate: 0.2,
      // 45, 95, 97, 122, 145 hours ahead.
      median_lead_hours: 97,
      // The reschedule's place after 2 hours, the cancel's after 3 (the third offer accepted).
      places_freed: 2,
      places_refilled: 2,
      median_refill_hours: 2.5,
      offers_made: 3,
      offers_accepted: 1,
      offers_declined: 1,
      offers_expired: 1,
    },
    {
      ...zero,
      week_start: '2026-04-13',
      slots_offered: 24,
      booked: 1,
      utilisation: 1 / 24,
      cancellations: 1,
      canceled_within_24h: 1,
      median_cancel_notice_hours: 10,
      no_shows: 0,
      no_show_rate: 0,
      median_lead_hours: 116,
      places_freed: 1,
    },
  ]);
  expect(totals).toEqual({
    ...zero,
    slots_offered: 54,
    booked: 6,
    utilisation: 6 / 54,
    cancellations: 2,
    canceled_within_24h: 1,
    canceled_within_7d: 1,
    median_cancel_notice_hours: 29,
    no_shows: 1,
    no_show_rate: 1 / 6,
    median_lead_hours: 106.5,
    places_freed: 3,
    places_refilled: 2,
    median_refill_hours: 2.5,
    offers_made: 3,
    offers_accepted: 1,
    offers_declined: 1,
    offers_expired: 1,
  });
});

it("adds the other provider's calendar without the filter, and shows every week of the range", async () => {
  const { weeks, totals } = await report('from=2026-03-23&to=2026-04-26');
  expect(weeks.map((w) => w.week_start)).toEqual([
    '2026-03-23',
    '2026-03-30',
    '2026-04-06',
    '2026-04-13',
    '2026-04-20',
  ]);
  expect(weeks[0]).toEqual({ ...zero, week_start: '2026-03-23' });
  expect(weeks.map((w) => w.slots_offered)).toEqual([0, 9 + 3, 21 + 5, 24, 0]);
  expect(totals).toMatchObject({ slots_offered: 62, booked: 7, median_lead_hours: 97 });
});

it('exports the weeks and totals as CSV', async () => {
  const response = await fetch(
    `${app.url}/api/v1/practices/${practice.practiceId}/analytics/export?from=2026-04-06&to=2026-04-12&provider_id=${practice.provider.userId}`,
    { headers: { authorization: `Bearer ${await tokenOf(practice.admin)}` } },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="analytics-/);
  const lines = (await response.text()).trim().split('\n');
  expect(lines[0]).toBe(
    'week_start,slots_offered,booked,utilisation,cancellations,canceled_within_24h,canceled_within_7d,canceled_earlier,median_cancel_notice_hours,no_shows,no_show_rate,median_lead_hours,places_freed,places_refilled,median_refill_hours,offers_made,offers_accepted,offers_declined,offers_expired',
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^2026-04-06,21,5,0\.238\d*,1,0,1,0,48,1,0\.2,97,2,2,2\.5,3,1,1,1$/);
  expect(lines[2]).toMatch(/^total,21,5,/);
});

it('keeps the numbers to the practice admins and operators', async () => {
  const otherPractice = await createPractice(app);
  for (const caller of [practice.staff, practice.provider, otherPractice.admin]) {
    for (const path of ['analytics', 'analytics/export']) {
      const response = await (
        await as(caller)
      ).get(`/api/v1/practices/${practice.practiceId}/${path}`);
      expect(response.status).toBe(403);
    }
  }
  for (const type of ['SuperUser', 'SupportAgent'] as const) {
    const operator = await createUser(app, type);
    expect((await report('from=2026-04-06&to=2026-04-12', operator)).totals.booked).toBe(6);
    const practices = await (await as(operator)).get('/api/v1/analytics/practices');
    expect(practices.status).toBe(200);
    expect((practices.body.data as { id: string }[]).map((p) => p.id)).toContain(
      practice.practiceId,
    );
  }
  const own = await (await as(practice.admin)).get('/api/v1/analytics/practices');
  expect((own.body.data as { id: string }[]).map((p) => p.id)).toEqual([practice.practiceId]);
  expect((await (await as(practice.staff)).get('/api/v1/analytics/practices')).status).toBe(403);
});

it('answers bad ranges and unknown providers with 400 and a clear message', async () => {
  const ask = async (query: string) =>
    (await as(practice.admin)).get(`/api/v1/practices/${practice.practiceId}/analytics?${query}`);
  const impossible = await ask('from=2026-02-30&to=2026-03-10');
  expect(impossible.status).toBe(400);
  const backwards = await ask('from=2026-04-10&to=2026-04-01');
  expect(backwards.status).toBe(400);
  expect(JSON.stringify(backwards.body)).toContain(DATE_RANGE_MESSAGE);
  const tooLong = await ask('from=2020-01-01&to=2026-04-01');
  expect(tooLong.status).toBe(400);
  expect(JSON.stringify(tooLong.body)).toContain(ANALYTICS_MESSAGES.tooLong);
  // Another practice's provider has no calendar here.
  const { provider: stranger } = await createPractice(app);
  const unknown = await ask(`provider_id=${stranger.userId}`);
  expect(unknown.status).toBe(400);
  expect(JSON.stringify(unknown.body)).toContain(ANALYTICS_MESSAGES.unknownProvider);
  expect((await ask('provider_id=not-a-uuid')).status).toBe(400);
});

it('rebuilds the same rows from the log', async () => {
  const tables = analyticsProjection.tables;
  const snapshot = async () =>
    Promise.all(
      tables.map((table) =>
        app.database.db
          .selectFrom(table)
          .selectAll()
          .execute()
          .then((rows) => rows.map((row) => JSON.stringify(row)).sort()),
      ),
    );
  const live = await snapshot();
  expect(live.every((rows) => rows.length > 0)).toBe(true);
  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  await rebuilder.rebuild(analyticsProjection);
  expect(await snapshot()).toEqual(live);
});
