import type { BookingResult, HoldView, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let patients: TestUser[];

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patients = await Promise.all([1, 2, 3].map(() => createUser(app, 'Patient')));
});

afterAll(async () => {
  await app.close();
});

const positionOf = (body: unknown) => (body as { data: { position: number } }).data.position;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

it('answers each past instant of a scripted day with the week and the appointment exactly as they were then', async () => {
  const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
  const { calendarId, position: created } = await createCalendar(app, practice, {
    booking_capacity: 2,
  });
  /** The live answers, each with the instant right after it was read. */
  const weeks: { at: string; view: WeekView }[] = [];
  const visits: { at: string; status: string; start: string }[] = [];
  let appointmentId = '';
  const record = async (position: number) => {
    const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
    if (appointmentId) {
      const visit = await app.api.as(practice.staff).get(`/api/v1/appointments/${appointmentId}`);
      const data = visit.body.data as { status: string; start_date: string };
      visits.push({ at: new Date().toISOString(), status: data.status, start: data.start_date });
    }
    await pause();
    weeks.push({ at: new Date().toISOString(), view });
    await pause();
  };

  await record(created);
  const first = weeks[0]!.view.days[0]!.time_slots[0]!.start_date;
  const second = weeks[0]!.view.days[0]!.time_slots[1]!.start_date;

  // A booking takes one of the first slot's two places.
  const booked = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: first,
    patient_id: patients[0]!.userId,
  });
  expect(booked.status).toBe(201);
  appointmentId = (booked.body.data as BookingResult).appointment_id;
  await record(positionOf(booked.body));

  // A hold takes the other.
  const held = await app.api
    .as(patients[1]!)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: first });
  expect(held.status).toBe(200);
  await record((held.body.data as HoldView & { position: number }).position);

  // The practice raises capacity to three.
  const raised = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { booking_capacity: 3 });
  expect(raised.status).toBe(200);
  await record(positionOf(raised.body));

  // The booking is confirmed, then moved to the second slot.
  const confirmed = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointmentId}/status`, { status: 'Confirmed' });
  await record(positionOf(confirmed.body));
  const moved = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointmentId}/reschedule`, { start_date: second });
  expect(moved.status).toBe(200);
  await record(positionOf(moved.body));

  // Capacity drops to one, and the booking is canceled.
  const lowered = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { booking_capacity: 1 });
  await record(positionOf(lowered.body));
  const canceled = await app.api
    .as(practice.staff)
    .delete(`/api/v1/appointments/${appointmentId}`, { reason: 'time travel test' });
  expect(canceled.status).toBe(200);
  await record(positionOf(canceled.body));

  // The live answers really changed along the day.
  const distinct = new Set(weeks.map((w) => JSON.stringify(w.view)));
  expect(distinct.size).toBeGreaterThanOrEqual(5);
  expect(new Set(visits.map((v) => `${v.status}@${v.start}`)).size).toBeGreaterThanOrEqual(3);

  for (const { at, view } of weeks) {
    const past = await week(
      app,
      calendarId,
      `?start_date=${tomorrow}&as_of=${encodeURIComponent(at)}`,
    );
    expect({ at, view: past }).toEqual({ at, view });
  }
  for (const { at, status, start } of visits) {
    const past = await app.api
      .as(practice.staff)
      .get(`/api/v1/appointments/${appointmentId}?as_of=${encodeURIComponent(at)}`);
    expect(past.status).toBe(200);
    const data = past.body.data as { status: string; start_date: string };
    expect({ at, status: data.status, start: data.start_date }).toEqual({ at, status, start });
  }
});

it('refuses an instant before the appointment existed, a bad instant, and a stranger', async () => {
  const { calendarId, position } = await createCalendar(app, practice);
  const before = new Date().toISOString();
  await pause();
  const view = await week(app, calendarId, `?min_position=${position}`);
  const booked = await app.api.as(patients[2]!).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: view.days.find((d) => d.time_slots.length > 0)!.time_slots[0]!.start_date,
  });
  const { appointment_id } = booked.body.data as BookingResult;
  const early = await app.api
    .as(patients[2]!)
    .get(`/api/v1/appointments/${appointment_id}?as_of=${encodeURIComponent(before)}`);
  expect(early.status).toBe(404);
  const bad = await app.api
    .as(patients[2]!)
    .get(`/api/v1/appointments/${appointment_id}?as_of=2026-02-30T10:00:00Z`);
  expect(bad.status).toBe(400);
  const stranger = await app.api
    .as(patients[0]!)
    .get(
      `/api/v1/appointments/${appointment_id}?as_of=${encodeURIComponent(new Date().toISOString())}`,
    );
  expect(stranger.status).toBe(403);
  const noCalendarYet = await app.api.get(
    `/api/v1/calendars/${calendarId}/week?as_of=${encodeURIComponent('2020-01-01T00:00:00Z')}`,
  );
  expect(noCalendarYet.status).toBe(404);
});
