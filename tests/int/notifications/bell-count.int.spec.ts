import type { BookingResult, CommandAccepted } from '@medbook/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { countNotifications } from '../../../apps/api/src/modules/notifications/queries/notification-counts';
import { createUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The bell counts the practice's New notifications of the last 7 days from per-day counts
 * (rm_notification_new_days) and the window's partial first day. Here notifications are raised
 * at hours spread over ten days of the service's clock, and the count is checked against a count
 * of the rows themselves for windows ending every 90 minutes across them, before and after some
 * are seen.
 */
let hoursAhead = 0;
const clock = { now: () => DateTime.now().plus({ hours: hoursAhead }).toJSDate() };
const started = DateTime.now();

let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp({ clock });
  practice = await createPractice(app);
});

afterAll(async () => {
  await app.close();
});

/** The rows themselves, as the bell counted them before the per-day counts. */
async function counted(now: Date): Promise<number> {
  const since = DateTime.fromJSDate(now).minus({ days: 7 }).toJSDate();
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM rm_notifications
     WHERE practice_id = ${practice.practiceId} AND notification_status = 'New'
       AND notification_date >= ${since}`.execute(app.database.db);
  return rows[0]!.n;
}

async function expectEveryWindowRight(): Promise<void> {
  for (let hours = 0; hours <= 10 * 24 + 12; hours += 1.5) {
    const now = started.plus({ hours }).toJSDate();
    const { notificationCount } = await countNotifications(
      app.database.db,
      practice.practiceId,
      now,
    );
    expect({ hours, count: notificationCount }).toEqual({ hours, count: await counted(now) });
  }
}

it('counts the same as the rows for windows that start at any hour of a day', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    booking_capacity: 50,
  });
  // Slots far enough ahead to stay bookable while the clock moves ten days on.
  const later = DateTime.now().plus({ days: 20 }).toISODate();
  const [slot] = (
    await week(app, calendarId, `?start_date=${later}&min_position=${position}`)
  ).days.flatMap((day) => day.time_slots);
  const booked: BookingResult[] = [];
  for (const hours of [0, 5, 11, 23, 25, 47, 70, 101, 150, 166, 190, 230]) {
    hoursAhead = hours;
    const patient = await createUser(app, 'Patient');
    const response = await app.api
      .as(patient)
      .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot!.start_date });
    expect(response.status).toBe(201);
    booked.push(response.body.data as BookingResult);
  }
  hoursAhead = 0;
  const staff = await createUser(app, 'Staff', practice.practiceId);
  const listed = await app.api
    .as(staff)
    .get(
      `/api/v1/practices/${practice.practiceId}/notifications?min_position=${booked.at(-1)!.position}` +
        `&start=${started.minus({ days: 1 }).toUTC().toISO()}&end=${started.plus({ days: 11 }).toUTC().toISO()}`,
    );
  expect(listed.status).toBe(200);
  const fresh = (listed.body.data as { new_notifications: { id: string }[] }).new_notifications;
  expect(fresh).toHaveLength(booked.length);
  await expectEveryWindowRight();

  // Three seen (one of them twice): they leave their days' counts once.
  const seenIds = [fresh[1]!.id, fresh[4]!.id, fresh[9]!.id];
  let last = 0;
  for (const ids of [seenIds, [seenIds[0]!]]) {
    const seen = await app.api
      .as(staff)
      .put(`/api/v1/practices/${practice.practiceId}/notifications/status?status=Seen`, {
        notification_ids: ids,
      });
    expect(seen.status).toBe(200);
    last = (seen.body.data as CommandAccepted).position;
  }
  const settled = await app.api
    .as(staff)
    .get(`/api/v1/practices/${practice.practiceId}/notifications/counts?min_position=${last}`);
  expect(settled.status).toBe(200);
  await expectEveryWindowRight();
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(new_count), 0)::int AS n FROM rm_notification_new_days
     WHERE practice_id = ${practice.practiceId}`.execute(app.database.db);
  expect(rows[0]!.n).toBe(booked.length - seenIds.length);
}, 60_000);
