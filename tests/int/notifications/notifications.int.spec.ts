import type {
  BookingResult,
  CommandAccepted,
  NotificationCountsMessage,
  NotificationView,
  PracticeNotifications,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { notificationsProjection } from '../../../apps/api/src/modules/notifications/projections/notifications.projection';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, type LiveClient, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let secondStaff: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  secondStaff = await createUser(app, 'Staff', practice.practiceId);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

/** A staff member's bell: their socket in the practice's room. */
const bell = (user: TestUser): Promise<LiveClient> =>
  watch(app, user, [`practice:${practice.practiceId}`]);

async function book(calendarId: string, start: string, patient: TestUser): Promise<BookingResult> {
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
  if (booked.status !== 201 && booked.status !== 200)
    throw new Error(`book: ${JSON.stringify(booked.body)}`);
  return booked.body.data as BookingResult;
}

async function notifications(user: TestUser, position: number): Promise<PracticeNotifications> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/practices/${practice.practiceId}/notifications?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as PracticeNotifications;
}

async function counts(user: TestUser, position: number): Promise<NotificationCountsMessage> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/practices/${practice.practiceId}/notifications/counts?min_position=${position}`);
  expect(response.status).toBe(200);
  const body = response.body.data as NotificationCountsMessage;
  expect(body.position).toBeGreaterThanOrEqual(position);
  return body;
}

async function markSeen(user: TestUser, ids: string[]): Promise<CommandAccepted> {
  const response = await app.api
    .as(user)
    .put(`/api/v1/practices/${practice.practiceId}/notifications/status?status=Seen`, {
      notification_ids: ids,
    });
  expect(response.status).toBe(200);
  return response.body.data as CommandAccepted;
}

it('raises a notification on a booking, pushes it and the bell count live, and Seen resets the count', async () => {
  const desk = await bell(practice.staff);
  const { calendarId, position } = await createCalendar(app, practice);
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Lovelace' });
  const booked = await book(calendarId, slot.start_date, patient);
  expect(booked.status).toBe('Scheduled');

  const added = await eventually(
    () => desk.heard('notification.added').find((m) => m.appointmentId === booked.appointment_id),
    (found) => found !== undefined,
  );
  expect(added).toEqual({
    practiceId: practice.practiceId,
    providerId: practice.provider.userId,
    resourceId: null,
    patientId: patient.userId,
    id: expect.any(String) as unknown,
    appointmentId: booked.appointment_id,
    notificationStatus: 'New',
    appointmentStatus: 'Scheduled',
    appointmentStartDate: slot.start_date,
    position: expect.any(Number) as unknown,
  });
  expect(added!.position).toBeLessThanOrEqual(booked.position);
  const counted = await eventually(
    () => desk.heard('notification.counts').find((m) => m.position === added!.position),
    (found) => found !== undefined,
  );
  expect(counted).toEqual({
    practiceId: practice.practiceId,
    notificationCount: 1,
    requestsCount: 0,
    position: added!.position,
  });

  const list = await notifications(practice.staff, booked.position);
  expect(list.new_notifications.map((n) => n.id)).toEqual([added!.id]);
  expect(list.seen_notifications).toEqual([]);
  expect(list.new_requests_notifications).toEqual([]);
  expect(list.new_notifications[0]).toEqual(
    expect.objectContaining({
      practice_id: practice.practiceId,
      patient_id: patient.userId,
      appointment_id: booked.appointment_id,
      notification_type: 'Booked',
      notification_status: 'New',
      appointment_status: 'Scheduled',
      appointment_start_date: slot.start_date,
      patient_name: { first_name: 'Ada', last_name: 'Lovelace' },
      provider_name: 'Test Provider',
    }),
  );

  const one = await app.api
    .as(practice.provider)
    .get(`/api/v1/practices/${practice.practiceId}/notifications/${added!.id}`);
  expect(one.status).toBe(200);
  const view = one.body.data as NotificationView;
  expect(view.patient_name).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  expect(view.provider_name).toBe('Test Provider');
  expect(view.profile_picture_uri).toBeNull();
  expect(Date.parse(view.notification_date)).not.toBeNaN();

  expect(await counts(practice.staff, added!.position)).toEqual(
    expect.objectContaining({ notificationCount: 1, requestsCount: 0 }),
  );

  const seen = await markSeen(practice.admin, [added!.id]);
  const reset = await eventually(
    () => desk.heard('notification.counts').find((m) => m.position === seen.position),
    (found) => found !== undefined,
  );
  expect(reset).toEqual(expect.objectContaining({ notificationCount: 0, requestsCount: 0 }));
  const after = await notifications(practice.staff, seen.position);
  expect(after.new_notifications).toEqual([]);
  expect(after.seen_notifications.map((n) => [n.id, n.notification_status])).toEqual([
    [added!.id, 'Seen'],
  ]);

  expect(await counts(secondStaff, seen.position)).toEqual({
    practiceId: practice.practiceId,
    notificationCount: 0,
    requestsCount: 0,
    position: expect.any(Number) as unknown,
  });

  // Seeing them again records nothing more.
  const again = await markSeen(practice.staff, [added!.id]);
  expect(again.position).toBe(seen.position);
});

it('counts a request, pushes the accept/reject setting, and takes the request off two staff bells at once on accept', async () => {
  const [first, second] = [await bell(practice.staff), await bell(secondStaff)];
  const { calendarId, position } = await createCalendar(app, practice, {
    accept_reject_enabled: true,
  });
  const setting = await eventually(
    () =>
      first
        .heard('notification.settings')
        .find((m) => m.position <= position && m.isAcceptRejectSettingEnabled),
    (found) => found !== undefined,
  );
  expect(setting).toEqual({
    userId: practice.provider.userId,
    isAcceptRejectSettingEnabled: true,
    position: setting!.position,
  });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const requested = await book(calendarId, slot.start_date, patient);
  expect(requested.status).toBe('Pending');

  for (const staff of [first, second]) {
    const count = await eventually(
      () => staff.heard('notification.counts').find((m) => m.requestsCount === 1),
      (found) => found !== undefined,
    );
    expect(count?.requestsCount).toBe(1);
    expect(
      staff.heard('notification.added').find((m) => m.appointmentId === requested.appointment_id),
    ).toEqual(expect.objectContaining({ appointmentStatus: 'Pending', notificationStatus: 'New' }));
  }
  const list = await notifications(practice.provider, requested.position);
  expect(list.new_requests_notifications.map((n) => n.appointment_id)).toEqual([
    requested.appointment_id,
  ]);

  const accepted = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${requested.appointment_id}/status`, { status: 'Accepted' });
  expect(accepted.status).toBe(200);
  const [one, two] = await Promise.all(
    [first, second].map((staff) =>
      eventually(
        () =>
          staff
            .heard('notification.counts')
            .find((m) => m.position > requested.position && m.requestsCount === 0),
        (found) => found !== undefined,
      ),
    ),
  );
  // One message, from one event, to both: the same position and the same numbers.
  expect(one).toEqual(two);
  expect(one?.requestsCount).toBe(0);
  expect((await counts(practice.admin, one!.position)).requestsCount).toBe(0);
  const afterAccept = await notifications(practice.provider, one!.position);
  expect(afterAccept.new_requests_notifications).toEqual([]);
  expect(
    afterAccept.new_notifications.find((n) => n.appointment_id === requested.appointment_id),
  ).toEqual(
    expect.objectContaining({ notification_type: 'Requested', appointment_status: 'Accepted' }),
  );

  const changed = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { accept_reject_enabled: false });
  expect(changed.status).toBe(200);
  const off = await eventually(
    () => second.heard('notification.settings').find((m) => !m.isAcceptRejectSettingEnabled),
    (found) => found !== undefined,
  );
  expect(off?.userId).toBe(practice.provider.userId);
});

it('raises notifications for a cancel and a reschedule', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  const first = await tomorrowsSlot(app, calendarId, position, 0);
  const later = await tomorrowsSlot(app, calendarId, position, 1);
  const patient = await createUser(app, 'Patient');
  const booked = await book(calendarId, first.start_date, patient);
  const moved = await app.api
    .as(patient)
    .put(`/api/v1/appointments/${booked.appointment_id}/reschedule`, {
      start_date: later.start_date,
    });
  expect(moved.status).toBe(200);
  const canceled = await app.api
    .as(patient)
    .delete(`/api/v1/appointments/${booked.appointment_id}`, { reason: 'Feeling better' });
  expect(canceled.status).toBe(200);
  const done = canceled.body.data as { position: number };
  const list = await notifications(practice.staff, done.position);
  const mine = list.new_notifications.filter((n) => n.appointment_id === booked.appointment_id);
  expect(mine.map((n) => [n.notification_type, n.appointment_start_date])).toEqual([
    ['Canceled', later.start_date],
    ['Rescheduled', later.start_date],
    ['Booked', first.start_date],
  ]);
  expect(new Set(mine.map((n) => n.appointment_status))).toEqual(new Set(['Canceled']));
  // Each tells its own event's facts: who acted (the patient, by name) and, for the reschedule,
  // the time it moved from; the visit's zone reads the times.
  expect(mine.map((n) => [n.actor, n.from_start_date, n.time_zone])).toEqual([
    [{ user_id: patient.userId, role: 'Patient', name: 'Test Patient' }, null, 'America/New_York'],
    [
      { user_id: patient.userId, role: 'Patient', name: 'Test Patient' },
      first.start_date,
      'America/New_York',
    ],
    [{ user_id: patient.userId, role: 'Patient', name: 'Test Patient' }, null, 'America/New_York'],
  ]);
});

it('names the staff member who acted for a patient', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  const slot = await tomorrowsSlot(app, calendarId, position, 2);
  const patient = await createUser(app, 'Patient');
  const booked = await book(calendarId, slot.start_date, patient);
  const canceled = await app.api
    .as(practice.staff)
    .delete(`/api/v1/appointments/${booked.appointment_id}`, { reason: 'Doctor ill' });
  expect(canceled.status).toBe(200);
  const list = await notifications(
    practice.staff,
    (canceled.body.data as { position: number }).position,
  );
  const cancel = list.new_notifications.find(
    (n) => n.appointment_id === booked.appointment_id && n.notification_type === 'Canceled',
  );
  expect(cancel?.actor).toEqual({
    user_id: practice.staff.userId,
    role: 'Staff',
    name: 'Test Staff',
  });
});

it("refuses other practices' users, patients, unknown ids and a status other than Seen", async () => {
  const stranger = await createUser(app, 'Staff', crypto.randomUUID());
  const patient = await createUser(app, 'Patient');
  const base = `/api/v1/practices/${practice.practiceId}/notifications`;
  for (const user of [stranger, patient]) {
    expect((await app.api.as(user).get(base)).status).toBe(403);
    const put = await app.api
      .as(user)
      .put(`${base}/status?status=Seen`, { notification_ids: [crypto.randomUUID()] });
    expect(put.status).toBe(403);
  }
  const unknown = await app.api
    .as(practice.staff)
    .put(`${base}/status?status=Seen`, { notification_ids: [crypto.randomUUID()] });
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('This page cannot be reached.');
  const wrong = await app.api
    .as(practice.staff)
    .put(`${base}/status?status=New`, { notification_ids: [crypto.randomUUID()] });
  expect(wrong.status).toBe(400);
  expect((await app.api.as(practice.staff).get(`${base}/${crypto.randomUUID()}`)).status).toBe(404);
  const backwards = await app.api
    .as(practice.staff)
    .get(`${base}?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z`);
  expect(backwards.status).toBe(400);
});

it('rebuilds the same rows the live projection wrote', async () => {
  const snapshot = async () =>
    app.database.db.selectFrom('rm_notifications').selectAll().orderBy('notification_id').execute();
  const live = await snapshot();
  expect(live).toHaveLength(7);
  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  await rebuilder.rebuild(notificationsProjection);
  expect(await snapshot()).toEqual(live);
  const pending = async () =>
    app.database.db
      .selectFrom('rm_notification_appointments')
      .selectAll()
      .orderBy('appointment_id')
      .execute();
  expect((await pending()).length).toBeGreaterThan(0);
});
