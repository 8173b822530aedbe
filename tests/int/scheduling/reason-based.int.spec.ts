import type { WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';

import {
  createCalendar,
  createPractice,
  registerFacility,
  type TestPractice,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let facilityId: string;
let calendarId: string;
let position: number;
const zone = 'America/New_York';
const day = (offset: number) => DateTime.now().setZone(zone).plus({ days: offset }).toISODate()!;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  facilityId = await registerFacility(app, practice, zone);
  for (const reason of [
    // Bookable in the second week from today only.
    { title: 'Flu Shot', week_time_frame: [1, 2] },
    { title: 'Checkup' },
    { title: 'Dental Cleaning' },
  ]) {
    const response = await app.api
      .as(practice.admin)
      .post(`/api/v1/practices/${practice.practiceId}/visit-reasons`, reason);
    expect(response.status).toBe(201);
  }
  ({ calendarId, position } = await createCalendar(app, practice, {
    facility_id: facilityId,
    reasons: ['Flu Shot', 'Checkup'],
  }));
});

afterAll(async () => {
  await app.close();
});

const reasonWeek = (title: string, startDate: string, extra: Record<string, unknown> = {}) =>
  app.api.post(`/api/v1/calendars/reason-based/week?min_position=${position}`, {
    provider_id: practice.provider.userId,
    facility_id: facilityId,
    selected_reason_title: title,
    start_date: startDate,
    ...extra,
  });

const slotDays = (view: WeekView) =>
  view.days.filter((d) => d.time_slots.length > 0).map((d) => d.day);

it("offers a reason's slots only within its week_time_frame", async () => {
  const thisWeek = await reasonWeek('Flu Shot', day(1));
  expect(thisWeek.status).toBe(200);
  expect((thisWeek.body.data as WeekView).calendar_id).toBe(calendarId);
  expect(slotDays(thisWeek.body.data as WeekView)).toEqual([]);
  // Days 7 to 13 from today: the week straddles the window's start, then lies inside it.
  const straddling = (await reasonWeek('Flu Shot', day(5))).body.data as WeekView;
  expect(slotDays(straddling)).toEqual([day(7), day(8), day(9)]);
  const inside = (await reasonWeek('Flu Shot', day(9))).body.data as WeekView;
  expect(slotDays(inside)).toEqual([day(9), day(10), day(11), day(12), day(13)]);
  expect(slotDays((await reasonWeek('Flu Shot', day(14))).body.data as WeekView)).toEqual([]);
  // A reason without a time frame follows the calendar alone.
  expect(slotDays((await reasonWeek('Checkup', day(1))).body.data as WeekView)).toEqual(
    [1, 2, 3, 4, 5].map(day),
  );
});

it('gives next availability for a reason from the start of its window', async () => {
  const next = async (query: string) =>
    (
      await app.api.get(
        `/api/v1/calendars/${calendarId}/next-availability?min_position=${position}${query}`,
      )
    ).body.data as { next_available_date: string | null; start_date: string | null };
  expect((await next(`&start_date=${day(1)}`)).next_available_date).toBe(day(1));
  expect(
    (await next(`&start_date=${day(1)}&selectedReasonTitle=Flu%20Shot`)).next_available_date,
  ).toBe(day(7));
  expect(
    (await next(`&start_date=${day(14)}&selectedReasonTitle=Flu%20Shot`)).next_available_date,
  ).toBeNull();
});

it('refuses a reason the practice has not registered, or no calendar there offers', async () => {
  // The calendar lists its reasons: one it does not list, registered or not, is not offered.
  for (const title of ['Dental Cleaning', 'Tattoo Removal']) {
    const notOffered = await reasonWeek(title, day(1));
    expect({ status: notOffered.status, message: notOffered.body.message }).toEqual({
      status: 404,
      message: 'No calendar offers this visit reason here.',
    });
  }
  const unknown = await app.api.get(
    `/api/v1/calendars/${calendarId}/next-availability?selectedReasonTitle=Tattoo%20Removal`,
  );
  expect({ status: unknown.status, message: unknown.body.message }).toEqual({
    status: 404,
    message: 'This visit reason is not registered.',
  });
  const nobody = await reasonWeek('Checkup', day(1), { provider_id: undefined });
  expect(nobody.status).toBe(400);
});
