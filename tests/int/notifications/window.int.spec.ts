import type {
  BookingResult,
  CommandAccepted,
  PracticeNotifications,
  UserType,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { createUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { type LiveClient, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/** The service's clock runs ahead of the wall clock by `ahead` days. */
let ahead = 0;
const clock = { now: () => DateTime.now().plus({ days: ahead }).toJSDate() };

let app: TestApp;
let practice: TestPractice;
let bell: LiveClient | null = null;

beforeAll(async () => {
  app = await startTestApp({ clock });
  practice = await createPractice(app);
});

afterAll(async () => {
  bell?.close();
  await app.close();
});

/** A practice user signed in at the service's current time (tokens are dated by its clock). */
const staffNow = (type: UserType = 'Staff') => createUser(app, type, practice.practiceId);

async function list(query = ''): Promise<PracticeNotifications> {
  const staff = await staffNow();
  const response = await app.api
    .as(staff)
    .get(`/api/v1/practices/${practice.practiceId}/notifications${query}`);
  expect(response.status).toBe(200);
  return response.body.data as PracticeNotifications;
}

const ids = (page: PracticeNotifications) =>
  [...page.new_notifications, ...page.seen_notifications].map((n) => n.appointment_id);

it('lists the last 7 days up to the start of tomorrow, and the bell counts only those', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const booked: BookingResult[] = [];
  for (let n = 0; n < 2; n += 1) {
    const patient = await createUser(app, 'Patient');
    const response = await app.api
      .as(patient)
      .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
    booked.push(response.body.data as BookingResult);
  }
  const [first, second] = booked as [BookingResult, BookingResult];
  const bookedAt = DateTime.now();
  const both = [second.appointment_id, first.appointment_id];
  expect(ids(await list(`?min_position=${second.position}`))).toEqual(both);

  ahead = 6;
  expect(ids(await list())).toEqual(both);

  ahead = 8;
  expect(ids(await list())).toEqual([]);
  // An explicit window still finds them.
  const start = bookedAt.minus({ days: 1 }).toUTC().toISO();
  const end = bookedAt.plus({ days: 1 }).toUTC().toISO();
  expect(ids(await list(`?start=${start}&end=${end}`))).toEqual(both);

  // Seeing one of them: the other is still New but older than the window, so the bell shows 0.
  const staff = await staffNow();
  bell = await watch(app, staff, [`practice:${practice.practiceId}`]);
  const old = await list(`?start=${start}&end=${end}`);
  const seen = await app.api
    .as(staff)
    .put(`/api/v1/practices/${practice.practiceId}/notifications/status?status=Seen`, {
      notification_ids: [old.new_notifications[0]!.id],
    });
  expect(seen.status).toBe(200);
  const { position: seenAt } = seen.body.data as CommandAccepted;
  const counts = await eventually(
    () => bell!.heard('notification.counts').find((m) => m.position === seenAt),
    (found) => found !== undefined,
  );
  expect(counts).toEqual(expect.objectContaining({ notificationCount: 0, requestsCount: 0 }));
  const after = await list(`?start=${start}&end=${end}`);
  expect(after.new_notifications).toHaveLength(1);
  expect(after.seen_notifications).toHaveLength(1);
});
