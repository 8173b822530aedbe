import { randomUUID } from 'node:crypto';
import {
  type BookingResult,
  type ScheduleAppointmentDetail,
  type ScheduleView,
  STATUS_MESSAGES,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { createUser, registerPatient, type TestUser } from '../../support/accounts';
import {
  createCalendar,
  createPractice,
  registerEntry,
  type TestPractice,
  week,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let patient: TestUser;
let doctorCalendar: string;
let roomCalendar: string;
let lastPosition = 0;
const booked: BookingResult[] = [];
const zone = 'America/New_York';
const tomorrow = DateTime.now().setZone(zone).plus({ days: 1 }).toISODate()!;

/** Two calendars of one practice: a provider's (capacity 1) and a room's (capacity 2). */
beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patient = await createUser(app, 'Patient', null, { first: 'Nora', last: 'Lane' });
  const doctor = await createCalendar(app, practice);
  doctorCalendar = doctor.calendarId;
  const room = await registerEntry(app, practice, 'resources', {
    name: 'Ultrasound room',
    kind: 'Room',
    facility_ids: [],
  });
  const created = await createCalendar(app, practice, {
    name: 'Ultrasound',
    resource_id: room.id,
    visit_type: 'Resource',
    booking_capacity: 2,
  });
  roomCalendar = created.calendarId;
  const slots = (
    await week(app, doctorCalendar, `?start_date=${tomorrow}&min_position=${doctor.position}`)
  ).days[0]!.time_slots;
  const roomSlots = (
    await week(app, roomCalendar, `?start_date=${tomorrow}&min_position=${created.position}`)
  ).days[0]!.time_slots;
  const book = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await app.api.as(user).post('/api/v1/appointments', body);
    expect(response.status).toBe(201);
    return response.body.data as BookingResult;
  };
  booked.push(
    await book(patient, { calendar_id: doctorCalendar, start_date: slots[0]!.start_date }),
  );
  booked.push(
    await book(practice.staff, {
      calendar_id: doctorCalendar,
      start_date: slots[1]!.start_date,
      patient_id: await registerPatient(app),
      reason: 'Back pain',
    }),
  );
  booked.push(
    await book(patient, { calendar_id: roomCalendar, start_date: roomSlots[0]!.start_date }),
  );
  const canceled = await app.api
    .as(practice.staff)
    .delete(`/api/v1/appointments/${booked[1]!.appointment_id}`, { reason: 'Patient called' });
  expect(canceled.status).toBe(200);
  lastPosition = Math.max(
    ...booked.map((b) => b.position),
    (canceled.body.data as { position: number }).position,
  );
}, 60_000);

afterAll(async () => {
  await app.close();
});

const schedule = async (user: TestUser, query: string) =>
  app.api
    .as(user)
    .get(`/api/v1/practices/${practice.practiceId}/schedule?${query}&min_position=${lastPosition}`);

it("shows the practice's day: a column per calendar, its appointments and each slot's places", async () => {
  const response = await schedule(practice.staff, `date=${tomorrow}&view=day`);
  expect(response.status).toBe(200);
  const view = response.body.data as ScheduleView;
  expect(view).toEqual(
    expect.objectContaining({ view: 'day', start_date: tomorrow, end_date: tomorrow }),
  );
  expect(view.calendars.map((c) => c.calendar_id).sort()).toEqual(
    [doctorCalendar, roomCalendar].sort(),
  );
  expect(view.calendars.find((c) => c.calendar_id === roomCalendar)).toEqual(
    expect.objectContaining({ owner_name: 'Ultrasound room', visit_type: 'Resource' }),
  );
  expect(view.calendars.find((c) => c.calendar_id === doctorCalendar)?.owner_name).toBe(
    'Test Provider',
  );
  const doctor = view.columns.find((c) => c.calendar_id === doctorCalendar)!;
  const room = view.columns.find((c) => c.calendar_id === roomCalendar)!;
  // The canceled visit holds no place: only the patient's own booking is a block.
  expect(doctor.appointments).toEqual([
    expect.objectContaining({
      appointment_id: booked[0]!.appointment_id,
      patient_name: 'Nora Lane',
      visit_type: 'Office',
      status: booked[0]!.status,
    }),
  ]);
  // 08:00-17:00 every 30 minutes: 18 slots; the first is full, the second free again.
  expect(doctor.slots).toHaveLength(18);
  expect(doctor.slots[0]).toEqual(expect.objectContaining({ booking_capacity: 0, capacity: 1 }));
  expect(doctor.slots[1]).toEqual(expect.objectContaining({ booking_capacity: 1, capacity: 1 }));
  expect(DateTime.fromISO(doctor.slots[0]!.start_date, { zone }).toFormat('HH:mm')).toBe('08:00');
  expect(room.slots[0]).toEqual(expect.objectContaining({ booking_capacity: 1, capacity: 2 }));
  expect(room.appointments).toHaveLength(1);
});

it("shows one calendar's week from its Monday, a column per day", async () => {
  const response = await schedule(
    practice.provider,
    `date=${tomorrow}&view=week&calendar_id=${doctorCalendar}`,
  );
  expect(response.status).toBe(200);
  const view = response.body.data as ScheduleView;
  const monday = DateTime.fromISO(tomorrow).startOf('week').toISODate()!;
  expect(view.start_date).toBe(monday);
  expect(view.columns.map((c) => c.day)).toEqual(
    Array.from({ length: 7 }, (_, d) => DateTime.fromISO(monday).plus({ days: d }).toISODate()),
  );
  expect(view.calendars).toHaveLength(2);
  expect(new Set(view.columns.map((c) => c.calendar_id))).toEqual(new Set([doctorCalendar]));
  const day = view.columns.find((c) => c.day === tomorrow)!;
  expect(day.appointments.map((a) => a.appointment_id)).toEqual([booked[0]!.appointment_id]);
});

it("opens an appointment's detail for the practice: patient, contact, reason, who booked", async () => {
  const response = await app.api
    .as(practice.staff)
    .get(
      `/api/v1/practices/${practice.practiceId}/schedule/appointments/${booked[1]!.appointment_id}?min_position=${lastPosition}`,
    );
  expect(response.status).toBe(200);
  const detail = response.body.data as ScheduleAppointmentDetail;
  expect(detail).toEqual(
    expect.objectContaining({
      appointment_id: booked[1]!.appointment_id,
      calendar_id: doctorCalendar,
      status: 'Canceled',
      reason: 'Back pain',
      cancel_reason: 'Patient called',
      booked_by: practice.staff.userId,
      owner_name: 'Test Provider',
    }),
  );
  expect(detail.patient_name).toEqual(expect.any(String));
  const mine = await app.api
    .as(practice.admin)
    .get(
      `/api/v1/practices/${practice.practiceId}/schedule/appointments/${booked[0]!.appointment_id}`,
    );
  expect((mine.body.data as ScheduleAppointmentDetail).patient_name).toBe('Nora Lane');
  expect((mine.body.data as ScheduleAppointmentDetail).patient_email).toBe(patient.email);
  const unknown = await app.api
    .as(practice.staff)
    .get(`/api/v1/practices/${practice.practiceId}/schedule/appointments/${randomUUID()}`);
  expect(unknown.status).toBe(404);
});

it("refuses anyone but the practice's own users", async () => {
  const stranger = await createUser(app, 'Staff', randomUUID());
  for (const user of [stranger, patient]) {
    const refused = await schedule(user, `date=${tomorrow}&view=day`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STATUS_MESSAGES[403]);
    const detail = await app.api
      .as(user)
      .get(
        `/api/v1/practices/${practice.practiceId}/schedule/appointments/${booked[0]!.appointment_id}`,
      );
    expect(detail.status).toBe(403);
  }
});

it('refuses impossible days, unknown views and a week without its calendar, in the envelope', async () => {
  for (const query of [
    'date=2026-02-30&view=day',
    'date=2026-13-01&view=day',
    'date=tomorrow&view=day',
    `date=${tomorrow}&view=month`,
    `date=${tomorrow}&view=week`,
    `date=${tomorrow}&view=day&calendar_id=nope`,
  ]) {
    const refused = await schedule(practice.staff, query);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.data)).toContain(VALIDATION_MESSAGES.invalid);
  }
  const otherCalendar = await schedule(
    practice.staff,
    `date=${tomorrow}&view=week&calendar_id=${randomUUID()}`,
  );
  expect(otherCalendar.status).toBe(404);
});
