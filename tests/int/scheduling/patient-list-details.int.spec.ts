import type { AppointmentPage, AppointmentView, BookingResult } from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let patient: TestUser;
let calendarId: string;
let position: number;

beforeAll(async () => {
  app = await startTestApp();
  const practice = await createPractice(app);
  patient = await createUser(app, 'Patient', null, { first: 'Nia', last: 'Cole' });
  ({ calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 }));
});

afterAll(async () => {
  await app.close();
});

async function listed(appointmentId: string, minPosition: number): Promise<AppointmentView> {
  const list = await app.api
    .as(patient)
    .get(`/api/v1/appointments/patient?pageNo=1&pageSize=100&min_position=${minPosition}`);
  expect(list.status).toBe(200);
  const found = (list.body.data as AppointmentPage).appointments.find(
    (a) => a.appointment_id === appointmentId,
  );
  if (!found) throw new Error(`${appointmentId} is not in the patient's list`);
  return found;
}

it("the patient's list carries the facility's name and address, and the reason of a cancel", async () => {
  const { start_date } = await tomorrowsSlot(app, calendarId, position);
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date });
  expect(booked.status).toBe(201);
  const { appointment_id, position: bookedAt } = booked.body.data as BookingResult & {
    position: number;
  };

  const open = await listed(appointment_id, bookedAt);
  expect(open).toMatchObject({
    facility_name: 'Test Clinic',
    facility_address: { address1: '1 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
    cancel_reason: null,
  });

  const canceled = await app.api
    .as(patient)
    .delete(`/api/v1/appointments/${appointment_id}`, { reason: 'Feeling better' });
  expect(canceled.status).toBe(200);
  const after = await listed(appointment_id, (canceled.body.data as { position: number }).position);
  expect(after).toMatchObject({ status: 'Canceled', cancel_reason: 'Feeling better' });
});
