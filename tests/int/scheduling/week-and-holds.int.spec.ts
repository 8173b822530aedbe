import { randomUUID } from 'node:crypto';
import type { AppointmentPage, BookingResult, HoldView, WeekView } from '@medbook/contracts';
import { sql } from 'kysely';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { HoldExpiryScheduler } from '../../../apps/api/src/modules/scheduling/hold-expiry.scheduler';
import { createUser, signInAsGuest, registerPatient } from '../../support/accounts';
import { eventually } from '../../support/events';
import { watch } from '../../support/live-client';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/** The clock is pinned: Friday 2026-03-06, 10:00 in New York (15:00 UTC). */
let now = new Date('2026-03-06T15:00:00Z');
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
  await app.close();
});

const hourly = { first_hour: 8, last_hour: 12, time_step: 60, date_from: '2026-01-01' };
const starts = (view: WeekView) =>
  Object.fromEntries(view.days.map((d) => [d.day, d.time_slots.map((s) => s.start_date)]));

describe('the week view (second document, 4.3)', () => {
  it('shows five local days, today from now plus minutes_before_showing_slots, across the spring DST change', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    const view = await week(app, calendarId, `?start_date=2026-03-06&min_position=${position}`);
    expect(view.time_zone).toBe('America/New_York');
    expect(starts(view)).toEqual({
      // 10:00 now + 60 minutes: 11:00 EST is the first slot today.
      '2026-03-06': ['2026-03-06T16:00:00Z'],
      '2026-03-07': [
        '2026-03-07T13:00:00Z',
        '2026-03-07T14:00:00Z',
        '2026-03-07T15:00:00Z',
        '2026-03-07T16:00:00Z',
      ],
      // Clocks spring forward at 02:00: 08:00 is now EDT, four hours behind UTC.
      '2026-03-08': [
        '2026-03-08T12:00:00Z',
        '2026-03-08T13:00:00Z',
        '2026-03-08T14:00:00Z',
        '2026-03-08T15:00:00Z',
      ],
      '2026-03-09': [
        '2026-03-09T12:00:00Z',
        '2026-03-09T13:00:00Z',
        '2026-03-09T14:00:00Z',
        '2026-03-09T15:00:00Z',
      ],
      '2026-03-10': [
        '2026-03-10T12:00:00Z',
        '2026-03-10T13:00:00Z',
        '2026-03-10T14:00:00Z',
        '2026-03-10T15:00:00Z',
      ],
    });
  });

  it('keeps local hours across the fall DST change, and a facility in another zone shows its own hours', async () => {
    now = new Date('2026-10-29T12:00:00Z');
    // Months later the earlier sessions' tokens have expired: a practice signed in now.
    const autumn = await createPractice(app);
    const ny = await createCalendar(app, autumn, hourly);
    const view = await week(
      app,
      ny.calendarId,
      `?start_date=2026-10-31&min_position=${ny.position}`,
    );
    expect(starts(view)['2026-10-31']![0]).toBe('2026-10-31T12:00:00Z'); // 08:00 EDT
    expect(starts(view)['2026-11-01']![0]).toBe('2026-11-01T13:00:00Z'); // 08:00 EST
    const la = await createCalendar(app, autumn, { ...hourly, time_zone: 'America/Los_Angeles' });
    // Whoever looks, from whatever zone, gets the facility's 08:00 as a UTC instant.
    const laView = await week(
      app,
      la.calendarId,
      `?start_date=2026-11-02&min_position=${la.position}`,
    );
    expect(laView.time_zone).toBe('America/Los_Angeles');
    expect(starts(laView)['2026-11-02']![0]).toBe('2026-11-02T16:00:00Z'); // 08:00 PST
  });

  it('never starts before today, offers nothing when online booking is off, and applies slots_hide_hours', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const open = await createCalendar(app, practice, hourly);
    const past = await week(
      app,
      open.calendarId,
      `?start_date=2026-01-01&min_position=${open.position}`,
    );
    expect(past.start_date).toBe('2026-03-06');
    const off = await createCalendar(app, practice, { ...hourly, online_booking_disabled: true });
    const none = await week(app, off.calendarId, `?min_position=${off.position}`);
    expect(none.online_booking_disabled).toBe(true);
    expect(none.days).toEqual([]);
    // now + 120 hours is Wednesday 2026-03-11 11:00 EDT: a week starting that day starts at 12:00.
    const hidden = await createCalendar(app, practice, {
      ...hourly,
      last_hour: 14,
      slots_hide_hours: 120,
    });
    const view = await week(
      app,
      hidden.calendarId,
      `?start_date=2026-03-11&min_position=${hidden.position}`,
    );
    expect(starts(view)['2026-03-11']).toEqual(['2026-03-11T16:00:00Z', '2026-03-11T17:00:00Z']);
  });
});

describe('holds', () => {
  it('expire on the server as an event, exactly once, even when a booking races the expiry', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const { calendarId } = await createCalendar(app, practice, { ...hourly, hold_minutes: 10 });
    const start = '2026-03-09T13:00:00Z';
    const patient = await createUser(app, 'Patient');
    const hold = await app.api
      .as(patient)
      .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: start });
    expect(hold.status).toBe(200);
    expect((hold.body.data as HoldView).expires_at).toBe('2026-03-06T15:10:00.000Z');
    await eventually(
      async () =>
        (await sql<{ n: string }>`SELECT count(*) AS n FROM rm_slot_holds`.execute(app.database.db))
          .rows[0]!.n,
      (n) => n === '1',
    );
    const scheduler = app.app.get(HoldExpiryScheduler);
    expect(await scheduler.expireDue()).toBe(0); // not yet due

    now = new Date('2026-03-06T15:10:30Z');
    const [booking, released] = await Promise.all([
      app.api.as(practice.staff).post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: start,
        patient_id: await registerPatient(app),
      }),
      scheduler.expireDue(),
    ]);
    expect(booking.status).toBe(201);
    expect((booking.body.data as BookingResult).status).toBe('Scheduled');
    expect(released).toBe(1);
    expect(await scheduler.expireDue()).toBe(0);
    const events = await sql<{ event_type: string }>`SELECT event_type FROM es_events
      WHERE stream_id = ${`slot-${calendarId}-${start}`} ORDER BY stream_revision`.execute(
      app.database.db,
    );
    const types = events.rows.map((r) => r.event_type);
    expect(types.filter((t) => t === 'SlotHoldReleased')).toHaveLength(1);
    expect(types.filter((t) => t === 'SlotBooked')).toHaveLength(1);
    // Once the projection has applied everything written, the read model agrees.
    const head = await sql<{
      head: string;
    }>`SELECT max(global_position) AS head FROM es_events`.execute(app.database.db);
    await week(app, calendarId, `?min_position=${head.rows[0]!.head}`);
    const capacity = await app.database.db
      .selectFrom('rm_slot_capacity')
      .select(['capacity', 'holds', 'bookings'])
      .where('calendar_id', '=', calendarId)
      .executeTakeFirst();
    expect(capacity).toEqual({ capacity: 1, holds: 0, bookings: 1 });
  });

  it('are released by their patient only', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const { calendarId } = await createCalendar(app, practice, hourly);
    const start = '2026-03-10T13:00:00Z';
    const patient = await createUser(app, 'Patient');
    const other = await createUser(app, 'Patient');
    const hold = await app.api
      .as(patient)
      .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: start });
    const { hold_id } = hold.body.data as HoldView;
    const path = `/api/v1/calendars/${calendarId}/slots/hold/${hold_id}`;
    expect((await app.api.as(other).delete(path, { start_date: start })).body.data).toEqual({
      position: null,
    });
    const mine = await app.api.as(patient).delete(path, { start_date: start });
    expect((mine.body.data as { position: number }).position).toBeGreaterThan(0);
  });

  it('are booked without reading the slot again when this process made them, and never on one ended since', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const { calendarId } = await createCalendar(app, practice, { ...hourly, booking_capacity: 2 });
    const patient = await createUser(app, 'Patient');
    const store = app.app.get<EventStore>(EVENT_STORE);
    const reads = jest.spyOn(store, 'readStreams');
    // Reads of this calendar's streams (its calendar and slots) only: the process's background
    // work (a waiting list's process manager after an earlier test's release) reads streams of
    // its own meanwhile, and one CI-like run met such a read during the booking.
    const slotReads = () =>
      reads.mock.calls.filter(([streamIds]) => streamIds.some((id) => id.includes(calendarId)));
    const hold = async (start: string) => {
      const held = await app.api
        .as(patient)
        .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: start });
      expect(held.status).toBe(200);
      return (held.body.data as HoldView).hold_id;
    };
    const book = (start: string, holdId: string) =>
      app.api.as(patient).post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: start,
        hold_id: holdId,
      });
    try {
      // Held and booked here: the booking decides on the slot as the hold left it.
      const start = '2026-03-11T13:00:00Z';
      const holdId = await hold(start);
      reads.mockClear();
      const booked = await book(start, holdId);
      expect(booked.status).toBe(201);
      expect(slotReads()).toEqual([]);
      // Held here, then released (the remembered slot still shows the hold): the guess fails at
      // the append, the booking reads and finds the hold ended, and books a free place without it.
      const later = '2026-03-11T14:00:00Z';
      const released = await hold(later);
      const path = `/api/v1/calendars/${calendarId}/slots/hold/${released}`;
      expect((await app.api.as(patient).delete(path, { start_date: later })).status).toBe(200);
      reads.mockClear();
      const free = await book(later, released);
      expect(free.status).toBe(201);
      expect(slotReads().length).toBeGreaterThan(0);
    } finally {
      reads.mockRestore();
    }
    const slotEvents = async (start: string) =>
      (
        await sql<{ event_type: string; hold_id: string | null }>`
          SELECT event_type, data->>'hold_id' AS hold_id FROM es_events
           WHERE stream_id = ${`slot-${calendarId}-${start}`} ORDER BY stream_revision`.execute(
          app.database.db,
        )
      ).rows.map((r) => [r.event_type, r.hold_id !== null]);
    expect(await slotEvents('2026-03-11T13:00:00Z')).toEqual([
      ['SlotHeld', true],
      ['SlotBooked', true],
    ]);
    expect(await slotEvents('2026-03-11T14:00:00Z')).toEqual([
      ['SlotHeld', true],
      ['SlotHoldReleased', true],
      ['SlotBooked', false],
    ]);
  });
});

describe('settings, next availability and the patient’s own actions', () => {
  it('answers the calendar settings and the first free slot, skipping full ones', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const fresh = await createPractice(app);
    const { calendarId, position } = await createCalendar(app, fresh, {
      ...hourly,
      working_days: [1],
    });
    const settings = await app.api.get(`/api/v1/calendars/${calendarId}?min_position=${position}`);
    expect(settings.body.data).toEqual(
      expect.objectContaining({
        calendar_id: calendarId,
        minutes_before_showing_slots: 60,
        time_step: 60,
      }),
    );
    // Mondays only: from Friday the next slot is Monday 08:00 EDT.
    const next = await app.api.get(`/api/v1/calendars/${calendarId}/next-availability`);
    expect(next.body.data).toEqual({
      next_available_date: '2026-03-09',
      start_date: '2026-03-09T12:00:00Z',
    });
    // Fill that Monday: the next one is a week later.
    for (const hour of [12, 13, 14, 15]) {
      const booked = await app.api.as(fresh.staff).post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: `2026-03-09T${hour}:00:00Z`,
        patient_id: await registerPatient(app),
      });
      expect(booked.status).toBe(201);
    }
    const head = await sql<{
      head: string;
    }>`SELECT max(global_position) AS head FROM es_events`.execute(app.database.db);
    const later = await app.api.get(
      `/api/v1/calendars/${calendarId}/next-availability?min_position=${head.rows[0]!.head}`,
    );
    expect(later.body.data).toEqual({
      next_available_date: '2026-03-16',
      start_date: '2026-03-16T12:00:00Z',
    });
    const off = await createCalendar(app, fresh, { ...hourly, online_booking_disabled: true });
    const none = await app.api.get(
      `/api/v1/calendars/${off.calendarId}/next-availability?min_position=${off.position}`,
    );
    expect(none.body.data).toEqual({ next_available_date: null, start_date: null });
  });

  it("lets the patient confirm, check in within the calendar's window (from 60 minutes before the start) when it allows it, and the practice complete", async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const fresh = await createPractice(app);
    const patient = await createUser(app, 'Patient');
    const open = await createCalendar(app, fresh, { ...hourly, last_hour: 18, can_check_in: true });
    const closed = await createCalendar(app, fresh, { ...hourly, last_hour: 18 });
    const book = async (calendarId: string, start: string) =>
      (
        (
          await app.api
            .as(patient)
            .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start })
        ).body.data as BookingResult
      ).appointment_id;
    const today = await book(open.calendarId, '2026-03-06T16:00:00Z'); // 11:00 EST: window open
    const later = await book(open.calendarId, '2026-03-06T21:00:00Z'); // 16:00 EST: not yet
    const monday = await book(open.calendarId, '2026-03-09T13:00:00Z');
    const elsewhere = await book(closed.calendarId, '2026-03-06T22:00:00Z');

    const confirmed = await app.api.as(patient).put(`/api/v1/appointments/${today}/confirm`, {});
    expect(confirmed.body.data).toEqual(expect.objectContaining({ status: 'Confirmed' }));
    const checkedIn = await app.api.as(patient).put(`/api/v1/appointments/${today}/check-in`, {});
    expect(checkedIn.body.data).toEqual(expect.objectContaining({ status: 'Checked-In' }));
    for (const id of [later, monday, elsewhere]) {
      const refused = await app.api.as(patient).put(`/api/v1/appointments/${id}/check-in`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Unable to check-in at the moment');
    }
    // At the desk, staff may check a patient in whatever the calendar says.
    const desk = await app.api
      .as(fresh.staff)
      .put(`/api/v1/appointments/${elsewhere}/check-in`, {});
    expect(desk.status).toBe(200);
    expect(
      (await app.api.as(patient).post(`/api/v1/appointments/${today}/complete`, {})).status,
    ).toBe(403);
    const done = await app.api
      .as(fresh.provider)
      .post(`/api/v1/appointments/${today}/complete`, {});
    expect(done.body.data).toEqual(expect.objectContaining({ status: 'Checked-Out' }));
  });
});

describe('calendar administration', () => {
  it('changes hours and blocks time live: week views refetch, booked visits are kept and flagged', async () => {
    now = new Date('2026-03-06T15:00:00Z');
    const fresh = await createPractice(app);
    const { calendarId } = await createCalendar(app, fresh, hourly);
    const book = async (start: string) =>
      (
        (
          await app.api.as(fresh.staff).post('/api/v1/appointments', {
            calendar_id: calendarId,
            start_date: start,
            patient_id: await registerPatient(app),
          })
        ).body.data as BookingResult
      ).appointment_id;
    const nine = await book('2026-03-09T13:00:00Z'); // 09:00 EDT
    const eleven = await book('2026-03-09T15:00:00Z'); // 11:00 EDT
    const guest = await watch(app, await signInAsGuest(app), [`calendar:${calendarId}`]);
    const changes = guest.heard('calendar.changed');
    try {
      const shorter = await app.api
        .as(fresh.admin)
        .put(`/api/v1/calendars/${calendarId}`, { last_hour: 10 });
      expect(shorter.status).toBe(200);
      const { position } = shorter.body.data as { position: number };
      const view = await week(app, calendarId, `?start_date=2026-03-09&min_position=${position}`);
      expect(starts(view)['2026-03-09']).toEqual(['2026-03-09T12:00:00Z']); // only 08:00 is free now
      const first = await eventually(
        () => changes,
        (list) => list.length >= 1,
      );
      expect(first[0]).toEqual({ calendar_id: calendarId, outside_schedule: [eleven], position });

      const blocked = await app.api.as(fresh.admin).post(`/api/v1/calendars/${calendarId}/blocks`, {
        start: '2026-03-09T13:00:00Z',
        end: '2026-03-09T14:00:00Z',
      });
      expect(blocked.status).toBe(201);
      const second = await eventually(
        () => changes,
        (list) => list.length >= 2,
      );
      expect([...second[1]!.outside_schedule].sort()).toEqual([nine, eleven].sort());
      const list = await app.api
        .as(fresh.staff)
        .get(
          `/api/v1/appointments/provider?doctorId=${fresh.provider.userId}&min_position=${second[1]!.position}`,
        );
      const flagged = (list.body.data as AppointmentPage).appointments.map((a) => [
        a.appointment_id,
        a.outside_schedule,
      ]);
      expect(Object.fromEntries(flagged)).toEqual({ [nine]: true, [eleven]: true });
      // Other practices cannot change it; bad hours are refused.
      const stranger = await createUser(app, 'PracticeAdmin', randomUUID());
      expect(
        (await app.api.as(stranger).put(`/api/v1/calendars/${calendarId}`, { last_hour: 12 }))
          .status,
      ).toBe(403);
      const backwards = await app.api
        .as(fresh.admin)
        .put(`/api/v1/calendars/${calendarId}`, { first_hour: 11 });
      expect(backwards.status).toBe(400);
      expect(backwards.body.message).toBe('The last hour must come after the first hour.');
    } finally {
      guest.close();
    }
  });
});
