import type { BookingResult } from '@medbook/contracts';
import { createUser, signInAsGuest, type TestUser, registerPatient } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

it('pushes decrement, removed and increment to the calendar room as holds, bookings and cancels commit', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const guest = await signInAsGuest(app);
  const visitor = await watch(app, guest, [`calendar:${calendarId}`]);
  const patient: TestUser = await createUser(app, 'Patient');

  const hold = await app.api
    .as(patient)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: slot.start_date });
  const booked = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    patient_id: await registerPatient(app),
  });
  const { appointment_id } = booked.body.data as BookingResult;
  await app.api
    .as(practice.staff)
    .delete(`/api/v1/appointments/${appointment_id}`, { reason: 'moved' });
  const { hold_id } = hold.body.data as { hold_id: string };
  await app.api.as(patient).delete(`/api/v1/calendars/${calendarId}/slots/hold/${hold_id}`, {
    start_date: slot.start_date,
  });

  const messages = await eventually(
    () => visitor.heard('slot.changed'),
    (list) => list.length >= 4,
  );
  expect(messages.map((m) => [m.action, m.booking_capacity])).toEqual([
    ['decrement', 1],
    ['removed', 0],
    ['increment', 1],
    ['increment', 2],
  ]);
  for (const m of messages) {
    expect(m).toEqual(
      expect.objectContaining({ calendar_id: calendarId, slot_id: slot.start_date }),
    );
  }
  const positions = messages.map((m) => m.position);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

it("pushes status changes to the appointment's, the patient's and the practice's rooms", async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    accept_reject_enabled: true,
  });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const mine = await watch(app, patient, [`user:${patient.userId}`]);
  const desk = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  const { appointment_id } = booked.body.data as BookingResult;
  const room = await watch(app, patient, [`appointment:${appointment_id}`]);
  await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointment_id}/status`, { status: 'Accepted' });

  for (const client of [mine, desk]) {
    const statuses = await eventually(
      () => client.heard('appointment.status'),
      (list) => list.length >= 2,
    );
    expect(statuses.map((s) => s.status)).toEqual(['Pending', 'Accepted']);
    expect(statuses[1]).toEqual(
      expect.objectContaining({
        appointmentId: appointment_id,
        patientId: patient.userId,
        providerId: practice.provider.userId,
        resourceId: null,
        externalAppointmentId: null,
      }),
    );
    expect(Date.parse(statuses[1]!.publishDate)).not.toBeNaN();
  }
  // The room may also get the Pending message, when the booking was projected after the join.
  const accepted = await eventually(
    () => room.heard('appointment.status').find((m) => m.status === 'Accepted'),
    (found) => found !== undefined,
  );
  expect(accepted?.appointmentId).toBe(appointment_id);

  // Someone else's appointment room is refused.
  const other = await createUser(app, 'Patient');
  const stranger = await watch(app, other);
  const ack = await stranger.join(`appointment:${appointment_id}`);
  expect(ack.ok).toBe(false);
});
