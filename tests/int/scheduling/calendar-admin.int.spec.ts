import { randomUUID } from 'node:crypto';
import type { AppointmentPage, BookingResult, WeekView } from '@medbook/contracts';
import { createUser, signInAsGuest, type TestUser, registerPatient } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, watch } from '../../support/live-client';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/** The clock is pinned: Friday 2026-03-06, 10:00 in New York (15:00 UTC). */
const now = new Date('2026-03-06T15:00:00Z');
let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { holdExpiryIntervalMs: 3_600_000 },
  });
  practice = await createPractice(app);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

const hourly = { first_hour: 8, last_hour: 12, time_step: 60, date_from: '2026-01-01' };

const positionOf = (response: { body: { data: unknown } }) =>
  (response.body.data as { position: number }).position;

/** Monday 2026-03-09 (EDT) by local hour, as slot ids. */
const monday = (hour: number) => `2026-03-09T${String(hour + 4).padStart(2, '0')}:00:00Z`;

async function mondayStarts(calendarId: string, position: number): Promise<string[]> {
  const view = await week(app, calendarId, `?start_date=2026-03-09&min_position=${position}`);
  const day = view.days.find((d) => d.day === '2026-03-09');
  return (day?.time_slots ?? []).map((s) => s.start_date);
}

async function book(calendarId: string, start: string): Promise<string> {
  const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: start,
    patient_id: await registerPatient(app),
  });
  expect(response.status).toBe(201);
  return (response.body.data as BookingResult).appointment_id;
}

const put = (calendarId: string, body: unknown, user: TestUser = practice.admin) =>
  app.api.as(user).put(`/api/v1/calendars/${calendarId}`, body);

async function settingsOf(calendarId: string, position: number) {
  const response = await app.api.get(`/api/v1/calendars/${calendarId}?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as Record<string, unknown>;
}

/** A guest's socket in the calendar's room, recording what it hears. */
async function watchCalendar(calendarId: string) {
  const guest = await watch(app, await signInAsGuest(app), [`calendar:${calendarId}`]);
  return { slots: guest.heard('slot.changed'), changes: guest.heard('calendar.changed') };
}

describe('the booking wizard settings', () => {
  it('are returned with their defaults and changed by PUT, each change a new position', async () => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    expect(await settingsOf(calendarId, position)).toMatchObject({
      custom_form_ids: [],
      collect_patient_demographics: false,
      enable_insurance: true,
      enable_insurance_eligibility: false,
      accept_reject_enabled: false,
      wait_list_enabled: false,
    });
    const wizard = {
      custom_form_ids: ['intake-2026', 'covid-screening'],
      collect_patient_demographics: true,
      enable_insurance: false,
      enable_insurance_eligibility: true,
      accept_reject_enabled: true,
      wait_list_enabled: true,
    };
    const changed = await put(calendarId, wizard);
    expect(changed.status).toBe(200);
    const { position: after } = changed.body.data as { position: number };
    expect(after).toBeGreaterThan(position);
    expect(await settingsOf(calendarId, after)).toMatchObject(wizard);
    // The same values again record nothing: the answer is where the stream stands.
    const again = await put(calendarId, wizard);
    expect(again.status).toBe(200);
    expect((again.body.data as { position: number }).position).toBe(after);
  });

  it('are set at creation too, and malformed values are refused with 400', async () => {
    const { calendarId, position } = await createCalendar(app, practice, {
      ...hourly,
      custom_form_ids: ['intake'],
      enable_insurance: false,
    });
    expect(await settingsOf(calendarId, position)).toMatchObject({
      custom_form_ids: ['intake'],
      enable_insurance: false,
      collect_patient_demographics: false,
    });
    const bad = await put(calendarId, { enable_insurance: 'yes', custom_form_ids: 'intake' });
    expect(bad.status).toBe(400);
    // The spec's word for a malformed boolean, the field named for a malformed list.
    const { errors } = bad.body.data as { errors: string[] };
    expect(errors).toContain('Invalid');
    expect(errors).toContain('custom_form_ids must be an array');
  });
});

describe('who may change a calendar', () => {
  it("only the practice's admins and super users: staff, providers, patients and other practices get 403", async () => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const patient = await createUser(app, 'Patient');
    const stranger = await createUser(app, 'PracticeAdmin', randomUUID());
    for (const user of [practice.staff, practice.provider, patient, stranger]) {
      expect((await put(calendarId, { wait_list_enabled: true }, user)).status).toBe(403);
      const block = await app.api.as(user).post(`/api/v1/calendars/${calendarId}/blocks`, {
        start: '2026-03-09T13:00:00Z',
        end: '2026-03-09T14:00:00Z',
      });
      expect(block.status).toBe(403);
    }
    const superUser = await createUser(app, 'SuperUser');
    expect((await put(calendarId, { wait_list_enabled: true }, superUser)).status).toBe(200);
    expect((await app.api.put(`/api/v1/calendars/${calendarId}`, {})).status).toBe(401);
  });
});

describe('each setting a practice admin changes', () => {
  it.each<[string, Record<string, unknown>]>([
    ['hours', { first_hour: 9, last_hour: 11 }],
    ['the time step', { time_step: 30 }],
    ['the date range', { date_from: '2026-02-01', date_to: '2026-12-31' }],
    ['the capacity per slot', { booking_capacity: 3 }],
    ['accept/reject', { accept_reject_enabled: true }],
    ['the waitlist', { wait_list_enabled: true }],
    ['minutes_before_showing_slots', { minutes_before_showing_slots: 240 }],
    ['slots_hide_hours', { slots_hide_hours: 130 }],
    ['online booking', { online_booking_disabled: true }],
    ['the working days', { working_days: [1, 2, 3] }],
  ])('%s: stored, returned, and announced on calendar:<id>', async (_, changes) => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const live = await watchCalendar(calendarId);
    const response = await put(calendarId, changes);
    expect(response.status).toBe(200);
    const position = positionOf(response);
    expect(await settingsOf(calendarId, position)).toMatchObject(changes);
    const [message] = await eventually(
      () => live.changes,
      (list) => list.length >= 1,
    );
    expect(message).toEqual({ calendar_id: calendarId, outside_schedule: [], position });
  });

  it('changes hours and the time step on the slots offered', async () => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    expect(await mondayStarts(calendarId, position)).toEqual([8, 9, 10, 11].map(monday));
    const later = await put(calendarId, { first_hour: 9, last_hour: 11, time_step: 30 });
    expect(await mondayStarts(calendarId, positionOf(later))).toEqual([
      monday(9),
      '2026-03-09T13:30:00Z',
      monday(10),
      '2026-03-09T14:30:00Z',
    ]);
    const closed = await put(calendarId, { online_booking_disabled: true });
    expect(await mondayStarts(calendarId, positionOf(closed))).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a last hour not after the first',
      { first_hour: 12 },
      'The last hour must come after the first hour.',
    ],
    [
      'a step that does not divide the hours',
      { time_step: 90 },
      'The time step must divide the hours from the first to the last hour evenly.',
    ],
    [
      'an end date before the start',
      { date_to: '2025-12-31' },
      'The last date must not come before the first date.',
    ],
    [
      'no working day',
      { working_days: [] },
      'A calendar needs at least one working day, each from 1 (Monday) to 7 (Sunday), listed once.',
    ],
  ])('refuses %s with 400 and a clear message', async (_, changes, message) => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const response = await put(calendarId, changes);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses values out of range or of the wrong type with 400', async () => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    for (const changes of [
      { time_step: 7 },
      { first_hour: -1 },
      { last_hour: 25 },
      { booking_capacity: 0 },
      { date_from: '09/03/2026' },
      { minutes_before_showing_slots: 'soon' },
    ]) {
      expect((await put(calendarId, changes)).status).toBe(400);
    }
    expect((await put(randomUUID(), { wait_list_enabled: true })).status).toBe(404);
  });
});

describe('blocked time spans, live', () => {
  it('a block over free slots pushes removed for each; unblocking offers them again', async () => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    const live = await watchCalendar(calendarId);
    const span = { start: monday(9), end: monday(11) };
    const blocked = await app.api
      .as(practice.admin)
      .post(`/api/v1/calendars/${calendarId}/blocks`, span);
    expect(blocked.status).toBe(201);
    const at = positionOf(blocked);
    expect(at).toBeGreaterThan(position);
    const removed = await eventually(
      () => live.slots,
      (list) => list.length >= 2,
    );
    expect(removed).toEqual(
      [9, 10].map((hour) => ({
        calendar_id: calendarId,
        slot_id: monday(hour),
        start_date: monday(hour),
        action: 'removed',
        booking_capacity: 0,
        position: at,
      })),
    );
    await eventually(
      () => live.changes,
      (list) => list.length >= 1,
    );
    expect(await mondayStarts(calendarId, at)).toEqual([monday(8), monday(11)]);
    const listed = await settingsOf(calendarId, at);
    expect(listed.marked_time_spans).toEqual([span]);

    const again = await app.api
      .as(practice.admin)
      .post(`/api/v1/calendars/${calendarId}/blocks`, span);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This time span is already blocked.');
    const backwards = await app.api
      .as(practice.admin)
      .post(`/api/v1/calendars/${calendarId}/blocks`, { start: span.end, end: span.start });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('A blocked time span must end after it starts.');

    const opened = await app.api
      .as(practice.admin)
      .delete(`/api/v1/calendars/${calendarId}/blocks`, span);
    expect(opened.status).toBe(200);
    expect(await mondayStarts(calendarId, positionOf(opened))).toEqual([8, 9, 10, 11].map(monday));
    await eventually(
      () => live.changes,
      (list) => list.length >= 2,
    );
    const unknown = await app.api
      .as(practice.admin)
      .delete(`/api/v1/calendars/${calendarId}/blocks`, span);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This time span is not blocked.');
  });

  it('a block over a booked slot keeps the booking, flagged outside the schedule, and pushes no removed for it', async () => {
    const { calendarId } = await createCalendar(app, practice, { ...hourly, booking_capacity: 1 });
    const booked = await book(calendarId, monday(9));
    const live = await watchCalendar(calendarId);
    const blocked = await app.api
      .as(practice.admin)
      .post(`/api/v1/calendars/${calendarId}/blocks`, { start: monday(9), end: monday(11) });
    const at = positionOf(blocked);
    const [changed] = await eventually(
      () => live.changes,
      (list) => list.length >= 1,
    );
    expect(changed).toEqual({ calendar_id: calendarId, outside_schedule: [booked], position: at });
    // 09:00 was full (already removed when booked): only 10:00 is pushed now.
    const pushed = live.slots.filter((m) => m.position === at);
    expect(pushed.map((m) => [m.slot_id, m.action])).toEqual([[monday(10), 'removed']]);
    const list = await app.api
      .as(practice.staff)
      .get(`/api/v1/appointments/provider?doctorId=${practice.provider.userId}&min_position=${at}`);
    const mine = (list.body.data as AppointmentPage).appointments.find(
      (a) => a.appointment_id === booked,
    );
    expect(mine).toMatchObject({ status: 'Scheduled', outside_schedule: true });
  });

  it('shrinking the hours drops free slots live and flags the booked ones outside them', async () => {
    const { calendarId } = await createCalendar(app, practice, { ...hourly, booking_capacity: 2 });
    const eleven = await book(calendarId, monday(11));
    const live = await watchCalendar(calendarId);
    const shorter = await put(calendarId, { last_hour: 10 });
    const at = positionOf(shorter);
    const [changed] = await eventually(
      () => live.changes,
      (list) => list.length >= 1,
    );
    expect(changed).toEqual({ calendar_id: calendarId, outside_schedule: [eleven], position: at });
    // 10:00 and 11:00 are gone on every day of the horizon; Monday's included.
    const monday10 = live.slots.filter(
      (m) => m.position === at && m.start_date.startsWith('2026-03-09'),
    );
    expect(monday10.map((m) => [m.slot_id, m.action, m.booking_capacity])).toEqual([
      [monday(10), 'removed', 0],
      [monday(11), 'removed', 0],
    ]);
    expect(await mondayStarts(calendarId, at)).toEqual([monday(8), monday(9)]);
    // Growing back clears the flag.
    const longer = await put(calendarId, { last_hour: 12 });
    const list = await app.api
      .as(practice.staff)
      .get(
        `/api/v1/appointments/provider?doctorId=${practice.provider.userId}&min_position=${positionOf(longer)}`,
      );
    const mine = (list.body.data as AppointmentPage).appointments.find(
      (a) => a.appointment_id === eleven,
    );
    expect(mine).toMatchObject({ status: 'Scheduled', outside_schedule: false });
  });
});

describe('visit reasons of a calendar', () => {
  it('adds a reason with week_time_frame and immediate check-in, edits and removes it', async () => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const path = `/api/v1/calendars/${calendarId}/reasons`;
    const added = await app.api
      .as(practice.admin)
      .post(path, { title: 'Flu shot', week_time_frame: [0, 2], allow_immediate_checkin: true });
    expect(added.status).toBe(201);
    expect(await settingsOf(calendarId, positionOf(added))).toMatchObject({
      reasons: ['Flu shot'],
      associated_reasons: [
        { title: 'Flu shot', week_time_frame: [0, 2], allow_immediate_checkin: true },
      ],
    });
    const twice = await app.api.as(practice.admin).post(path, { title: 'Flu shot' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This calendar already offers this visit reason.');
    const bad = await app.api
      .as(practice.admin)
      .put(path, { title: 'Flu shot', week_time_frame: [3, 1] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'A week time frame is a number of weeks, or a first and a last week with the last after the first.',
    );
    const edited = await app.api
      .as(practice.admin)
      .put(path, { title: 'Flu shot', week_time_frame: [1] });
    expect(edited.status).toBe(200);
    expect((await settingsOf(calendarId, positionOf(edited))).associated_reasons).toEqual([
      { title: 'Flu shot', week_time_frame: [1] },
    ]);
    // The reason-based week follows the calendar's own window: one week from today.
    const reasonWeek = await app.api.post('/api/v1/calendars/reason-based/week', {
      provider_id: practice.provider.userId,
      facility_id: (await settingsOf(calendarId, positionOf(edited))).facility_id,
      selected_reason_title: 'Flu shot',
      start_date: '2026-03-09',
    });
    expect(reasonWeek.status).toBe(200);
    const offered = (reasonWeek.body.data as WeekView).days
      .filter((d) => d.time_slots.length > 0)
      .map((d) => d.day);
    expect(offered).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']);
    const staffTry = await app.api.as(practice.staff).delete(path, { title: 'Flu shot' });
    expect(staffTry.status).toBe(403);
    const removed = await app.api.as(practice.admin).delete(path, { title: 'Flu shot' });
    expect(removed.status).toBe(200);
    expect(await settingsOf(calendarId, positionOf(removed))).toMatchObject({
      reasons: [],
      associated_reasons: [],
    });
    const gone = await app.api.as(practice.admin).delete(path, { title: 'Flu shot' });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This calendar does not offer this visit reason.');
  });
});

describe("a practice's calendars", () => {
  it('are listed for its staff with their settings, and refused to other practices', async () => {
    const own = await createPractice(app);
    const first = await createCalendar(app, own, { ...hourly, name: 'B calendar' });
    const second = await createCalendar(app, own, { ...hourly, name: 'A calendar' });
    const path = `/api/v1/practices/${own.practiceId}/calendars?min_position=${Math.max(first.position, second.position)}`;
    const listed = await app.api.as(own.staff).get(path);
    expect(listed.status).toBe(200);
    const calendars = listed.body.data as {
      calendar_id: string;
      name: string;
      enable_insurance: boolean;
    }[];
    expect(calendars.map((c) => [c.calendar_id, c.name, c.enable_insurance])).toEqual([
      [second.calendarId, 'A calendar', true],
      [first.calendarId, 'B calendar', true],
    ]);
    expect((await app.api.as(practice.admin).get(path)).status).toBe(403);
  });
});
