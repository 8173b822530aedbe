import { randomUUID } from 'node:crypto';
import {
  type AppointmentPage,
  type BookingResult,
  DATE_RANGE_MESSAGE,
  type DoctorCounts,
  type RequestLogView,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { createUser, type TestUser, registerPatient } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let patient: TestUser;
let lastPosition = 0;
const booked: BookingResult[] = [];
const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;

/** Five bookings tomorrow on a calendar with accept/reject: the patient's two, three by staff. */
beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patient = await createUser(app, 'Patient', null, { first: 'Nora', last: 'Lane' });
  const { calendarId, position } = await createCalendar(app, practice, {
    accept_reject_enabled: true,
    booking_capacity: 5,
  });
  const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
  const slots = view.days[0]!.time_slots;
  for (let i = 0; i < 5; i += 1) {
    const response = await app.api
      .as(i < 2 ? patient : practice.staff)
      .post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: slots[i]!.start_date,
        ...(i < 2 ? {} : { patient_id: await registerPatient(app) }),
      });
    booked.push(response.body.data as BookingResult);
  }
  const accepted = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${booked[2]!.appointment_id}/status`, { status: 'Accepted' });
  const rejected = await app.api
    .as(practice.admin)
    .put(`/api/v1/appointments/${booked[3]!.appointment_id}/status`, {
      status: 'Rejected',
      reason: 'No opening that week.',
    });
  lastPosition = Math.max(
    (accepted.body.data as { position: number }).position,
    (rejected.body.data as { position: number }).position,
  );
});

afterAll(async () => {
  await app.close();
});

const page = async (path: string, user: TestUser) => {
  const response = await app.api
    .as(user)
    .get(`${path}${path.includes('?') ? '&' : '?'}min_position=${lastPosition}`);
  expect(response.status).toBe(200);
  return response.body.data as AppointmentPage;
};

it("lists a provider's appointments with paging and the spec's filters", async () => {
  const doctor = practice.provider.userId;
  const first = await page(
    `/api/v1/appointments/provider?doctorId=${doctor}&pageNo=1&pageSize=2`,
    practice.staff,
  );
  expect(first).toEqual(expect.objectContaining({ page_no: 1, page_size: 2, total_records: 5 }));
  expect(first.appointments).toHaveLength(2);
  const third = await page(
    `/api/v1/appointments/provider?doctorId=${doctor}&pageNo=3&pageSize=2`,
    practice.staff,
  );
  expect(third.appointments).toHaveLength(1);
  const all = [
    ...first.appointments,
    ...(
      await page(
        `/api/v1/appointments/provider?doctorId=${doctor}&pageNo=2&pageSize=2`,
        practice.staff,
      )
    ).appointments,
    ...third.appointments,
  ];
  expect(new Set(all.map((a) => a.appointment_id)).size).toBe(5);
  expect(all[0]).toEqual(
    expect.objectContaining({
      provider_id: doctor,
      visit_type: 'Office',
      visit_schedule_type: 'Scheduled',
      patient_name: 'Nora Lane',
      provider_name: 'Test Provider',
    }),
  );
  const pending = await page(
    `/api/v1/appointments/provider?doctorId=${doctor}&status=Pending`,
    practice.provider,
  );
  expect(pending.total_records).toBe(3);
  const outside = await page(
    `/api/v1/appointments/provider?doctorId=${doctor}&startDate=2020-01-01&endDate=2020-01-31`,
    practice.provider,
  );
  expect(outside.total_records).toBe(0);
  const within = await page(
    `/api/v1/appointments/provider?doctorId=${doctor}&startDate=${tomorrow}&endDate=${tomorrow}&visitType=Office&scheduleType=Scheduled`,
    practice.provider,
  );
  expect(within.total_records).toBe(5);
  // A range that ends before it starts, or an impossible day, is refused in the envelope.
  for (const [range, message] of [
    ['startDate=2026-03-02&endDate=2026-03-01', DATE_RANGE_MESSAGE],
    ['startDate=2026-02-30&endDate=2026-03-01', VALIDATION_MESSAGES.invalid],
  ] as const) {
    const refused = await app.api
      .as(practice.provider)
      .get(`/api/v1/appointments/provider?doctorId=${doctor}&${range}`);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.data)).toContain(message);
  }
  const empty = await page(
    `/api/v1/appointments/provider?doctorId=${doctor}&pageNo=9&pageSize=2`,
    practice.staff,
  );
  expect(empty).toEqual(expect.objectContaining({ total_records: 5, appointments: [] }));
});

it("lists the staff member's practice, and refuses another practice's staff", async () => {
  const list = await page(
    `/api/v1/appointments/staff?staffId=${practice.staff.userId}`,
    practice.staff,
  );
  expect(list.total_records).toBe(5);
  // The spec's patientId filter narrows the practice's list (and the provider's) to one patient.
  for (const scope of [
    `staff?staffId=${practice.staff.userId}`,
    `provider?doctorId=${practice.provider.userId}`,
  ]) {
    const own = await page(
      `/api/v1/appointments/${scope}&patientId=${patient.userId}`,
      practice.staff,
    );
    expect(own.total_records).toBe(2);
    expect(new Set(own.appointments.map((a) => a.patient_id))).toEqual(new Set([patient.userId]));
  }
  const stranger = await createUser(app, 'Staff', randomUUID());
  expect(
    (await app.api.as(stranger).get(`/api/v1/appointments/staff?staffId=${practice.staff.userId}`))
      .status,
  ).toBe(403);
  expect(
    (
      await app.api
        .as(stranger)
        .get(`/api/v1/appointments/provider?doctorId=${practice.provider.userId}`)
    ).status,
  ).toBe(403);
});

it('lists only the patient’s own appointments', async () => {
  const mine = await page('/api/v1/appointments/patient', patient);
  expect(mine.total_records).toBe(2);
  expect(mine.appointments.every((a) => a.patient_id === patient.userId)).toBe(true);
  const other = await createUser(app, 'Patient');
  expect(
    (await app.api.as(other).get(`/api/v1/appointments/patient?patientId=${patient.userId}`))
      .status,
  ).toBe(403);
});

it('counts a doctor’s scheduled, pending and walk-in visits of a day', async () => {
  const response = await app.api
    .as(practice.staff)
    .get(
      `/api/v1/appointments/doctor-count?doctorId=${practice.provider.userId}&date=${tomorrow}&min_position=${lastPosition}`,
    );
  // Five booked: three Pending, one Accepted, one Rejected (not counted).
  expect(response.body.data as DoctorCounts).toEqual({
    walkinCount: 0,
    scheduledCount: 1,
    pendingCount: 3,
  });
});

it('lists pending requests and the request log with who acted', async () => {
  const requests = await app.api
    .as(practice.staff)
    .post('/api/v1/appointments/requests', { page_no: 1, page_size: 10 });
  expect((requests.body.data as AppointmentPage).total_records).toBe(3);
  const logs = await app.api.as(practice.staff).post('/api/v1/appointments/request-logs', {});
  const data = logs.body.data as { total_records: number; data: RequestLogView[] };
  expect(data.total_records).toBe(2);
  const byAction = Object.fromEntries(data.data.map((l) => [l.action, l]));
  expect(byAction.Accepted).toEqual(
    expect.objectContaining({
      action_by_userid: practice.staff.userId,
      action_by_user_name: 'Test Staff',
    }),
  );
  expect(byAction.Rejected).toEqual(
    expect.objectContaining({
      action_by_userid: practice.admin.userId,
      action_by_user_name: 'Test PracticeAdmin',
      rejected_by: practice.admin.userId,
    }),
  );
});

it('takes walk-ins outside the slots and counts them; answers tele appointments by id', async () => {
  const fresh = await createPractice(app);
  const { calendarId } = await createCalendar(app, fresh);
  const walkIn = await app.api.as(fresh.staff).post('/api/v1/appointments/walk-in', {
    calendar_id: calendarId,
    patient_id: await registerPatient(app),
  });
  expect(walkIn.status).toBe(201);
  const { position } = walkIn.body.data as BookingResult;
  const counts = await app.api
    .as(fresh.staff)
    .get(
      `/api/v1/appointments/doctor-count?doctorId=${fresh.provider.userId}&min_position=${position}`,
    );
  expect((counts.body.data as DoctorCounts).walkinCount).toBe(1);
  const walkIns = await app.api
    .as(fresh.staff)
    .get(
      `/api/v1/appointments/provider?doctorId=${fresh.provider.userId}&scheduleType=WalkIn&min_position=${position}`,
    );
  expect((walkIns.body.data as AppointmentPage).appointments[0]).toEqual(
    expect.objectContaining({ visit_schedule_type: 'WalkIn', status: 'Scheduled' }),
  );

  const tele = await createCalendar(app, fresh, { visit_type: 'Telehealth', booking_capacity: 2 });
  const view = await week(
    app,
    tele.calendarId,
    `?start_date=${tomorrow}&min_position=${tele.position}`,
  );
  const video = await app.api.as(patient).post('/api/v1/appointments', {
    calendar_id: tele.calendarId,
    start_date: view.days[0]!.time_slots[0]!.start_date,
  });
  const { appointment_id } = video.body.data as BookingResult;
  const answer = await app.api.as(patient).get(`/api/v1/tele/appointments/${appointment_id}/get`);
  expect(answer.body.data).toEqual(
    expect.objectContaining({
      appointment_id,
      system_type: 'Internal',
      participant_ids: [patient.userId, fresh.provider.userId],
    }),
  );
  const office = (walkIn.body.data as BookingResult).appointment_id;
  expect(
    (await app.api.as(fresh.staff).get(`/api/v1/tele/appointments/${office}/get`)).status,
  ).toBe(404);
});
