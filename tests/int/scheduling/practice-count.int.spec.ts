import { type BookingResult, type DoctorCounts, STATUS_MESSAGES } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let other: TestPractice;
let patient: TestUser;
let lastPosition = 0;
const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;

async function book(calendarId: string, start: string): Promise<BookingResult> {
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  const result = response.body.data as BookingResult;
  lastPosition = Math.max(lastPosition, result.position);
  return result;
}

async function slotsOf(calendarId: string, position: number) {
  const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
  return view.days[0]!.time_slots;
}

/**
 * Tomorrow: two requests on the practice's provider's accept/reject calendar, one scheduled and
 * one canceled visit with a second provider, and one visit at another practice.
 */
beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  other = await createPractice(app);
  patient = await createUser(app, 'Patient');
  const secondProvider = await createUser(app, 'Provider', practice.practiceId);
  const requests = await createCalendar(app, practice, { accept_reject_enabled: true });
  const direct = await createCalendar(app, practice, { provider_id: secondProvider.userId });
  const elsewhere = await createCalendar(app, other);
  const requestSlots = await slotsOf(requests.calendarId, requests.position);
  const directSlots = await slotsOf(direct.calendarId, direct.position);
  const otherSlots = await slotsOf(elsewhere.calendarId, elsewhere.position);
  await book(requests.calendarId, requestSlots[0]!.start_date);
  await book(requests.calendarId, requestSlots[1]!.start_date);
  await book(direct.calendarId, directSlots[0]!.start_date);
  const canceled = await book(direct.calendarId, directSlots[1]!.start_date);
  await book(elsewhere.calendarId, otherSlots[0]!.start_date);
  const cancel = await app.api
    .as(patient)
    .delete(`/api/v1/appointments/${canceled.appointment_id}`, {});
  expect(cancel.status).toBe(200);
  lastPosition = Math.max(lastPosition, (cancel.body.data as { position: number }).position);
}, 60_000);

afterAll(() => app.close());

it("counts the whole practice's scheduled and pending visits of a day for every practice user", async () => {
  for (const user of [practice.staff, practice.admin, practice.provider]) {
    const response = await app.api
      .as(user)
      .get(`/api/v1/appointments/practice-count?date=${tomorrow}&min_position=${lastPosition}`);
    expect(response.status).toBe(200);
    expect(response.body.data as DoctorCounts).toEqual({
      walkinCount: 0,
      scheduledCount: 1,
      pendingCount: 2,
    });
  }
  const elsewhere = await app.api
    .as(other.staff)
    .get(`/api/v1/appointments/practice-count?date=${tomorrow}&min_position=${lastPosition}`);
  expect(elsewhere.body.data as DoctorCounts).toEqual({
    walkinCount: 0,
    scheduledCount: 1,
    pendingCount: 0,
  });
});

it('refuses patients and a malformed day', async () => {
  const asPatient = await app.api.as(patient).get('/api/v1/appointments/practice-count');
  expect(asPatient.status).toBe(403);
  const badDay = await app.api
    .as(practice.staff)
    .get('/api/v1/appointments/practice-count?date=tomorrow');
  expect(badDay.status).toBe(400);
  expect(badDay.body.message).toBe(STATUS_MESSAGES[400]);
  expect(badDay.body.data).toEqual({ errors: ['Invalid'] });
});
