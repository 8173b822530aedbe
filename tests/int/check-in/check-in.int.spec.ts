import { randomUUID } from 'node:crypto';
import {
  appointmentCode,
  BOOKING_MESSAGES,
  type BookingResult,
  type CalendarView,
  type CheckInPassView,
  KIOSK_MESSAGES,
  type KioskLookupResult,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { AccountService } from '../../../apps/api/src/modules/identity/account.service';
import { KIOSK_LOOKUPS_PER_MINUTE } from '../../../apps/api/src/modules/scheduling/queries/check-in.query';
import { createUser, signIn, sha256, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/** The clock is pinned: Tuesday 2026-03-10, 10:10 in New York (EDT, 14:10 UTC). */
let now = new Date('2026-03-10T14:10:00Z');
let app: TestApp;
let practice: TestPractice;
let calendarId: string;
/** The position of the last booking: lookups read the read model as of it. */
let booked = 0;

beforeAll(async () => {
  // Sessions outlive the clock's moves within a test.
  app = await startTestApp({
    clock: { now: () => now },
    config: { accessTokenTtlSeconds: 86_400 },
  });
  practice = await createPractice(app);
  ({ calendarId } = await createCalendar(app, practice, {
    can_check_in: true,
    minutes_before_showing_slots: 0,
    date_from: '2026-03-01',
  }));
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  now = new Date('2026-03-10T14:10:00Z');
});

const CONTEXT = {
  actorId: 'test',
  actorRole: 'System',
  onBehalfOf: null,
  ip: null,
  userAgent: 'jest',
  correlationId: 'test',
};

/** A patient with a name and birth date, signed in. */
async function patientNamed(first: string, last: string, birthDate: string): Promise<TestUser> {
  const email = `${last.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = sha256(`Secret-${email}`);
  const userId = await app.app
    .get(AccountService)
    .createAccount(
      { email, password, first_name: first, last_name: last, birth_date: birthDate },
      CONTEXT,
      { type: 'Patient', practiceId: null, socialProvider: null },
    );
  const login = await signIn(app, email, password);
  return {
    userId,
    email,
    password,
    type: 'Patient',
    practiceId: null,
    login,
    token: login.access_token,
    auth: { authorization: `Bearer ${login.access_token}` },
  };
}

async function book(patient: TestUser, start: string, calendar = calendarId): Promise<string> {
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendar, start_date: start });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  const result = response.body.data as BookingResult;
  booked = Math.max(booked, result.position);
  return result.appointment_id;
}

const statusOf = async (appointmentId: string, caller: TestUser) =>
  (
    (await app.api.as(caller).get(`/api/v1/appointments/${appointmentId}`)).body.data as {
      status: string;
    }
  ).status;

const eventTypes = async (streamId: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(streamId)).map((e) => e.type);

describe('booking', () => {
  it('never checks anyone in, not even for a visit about to start on a calendar that allows check-in', async () => {
    const patient = await patientNamed('Grace', 'Hopper', '1906-12-09');
    // 10:30 today: the check-in window is open while the patient books.
    const mine = await book(patient, '2026-03-10T14:30:00Z');
    const byStaff = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: '2026-03-10T15:00:00Z',
      patient_id: patient.userId,
    });
    const walkIn = await app.api
      .as(patient)
      .post('/api/v1/appointments/walk-in', { calendar_id: calendarId });
    const ids = [
      mine,
      (byStaff.body.data as BookingResult).appointment_id,
      (walkIn.body.data as BookingResult).appointment_id,
    ];
    for (const id of ids) {
      expect(await statusOf(id, patient)).toBe('Scheduled');
      expect(await eventTypes(`appointment-${id}`)).toEqual(['AppointmentBooked']);
    }
    // Cancel is still the patient's to choose.
    expect((await app.api.as(patient).delete(`/api/v1/appointments/${mine}`, {})).status).toBe(200);
  });
});

describe("the patient's own check-in", () => {
  it('is refused before the window opens and after it closes, with the spec text, and taken inside it', async () => {
    const patient = await patientNamed('Ada', 'Lovelace', '1990-12-10');
    const noon = await book(patient, '2026-03-10T16:00:00Z'); // 12:00 EDT
    const soon = await book(patient, '2026-03-10T14:30:00Z'); // 10:30 EDT
    const checkIn = (id: string) =>
      app.api.as(patient).put(`/api/v1/appointments/${id}/check-in`, {});

    const early = await checkIn(noon); // 110 minutes before
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(BOOKING_MESSAGES.checkInUnavailable);

    now = new Date('2026-03-10T15:00:00Z'); // 60 minutes before noon, 30 after 10:30
    const late = await checkIn(soon);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Unable to check-in at the moment');
    const inTime = await checkIn(noon);
    expect(inTime.status).toBe(200);
    expect(inTime.body.data).toEqual(expect.objectContaining({ status: 'Checked-In' }));
    // Pressing "I'm here" again, even later, is the same arrival.
    now = new Date('2026-03-10T17:00:00Z');
    expect((await checkIn(noon)).status).toBe(200);
    expect(await eventTypes(`appointment-${noon}`)).toEqual([
      'AppointmentBooked',
      'AppointmentStatusChanged',
    ]);
  });

  it("follows the calendar's own window, and is refused where the calendar does not let patients check in", async () => {
    const narrow = await createCalendar(app, practice, {
      can_check_in: true,
      check_in_opens_minutes_before: 10,
      check_in_closes_minutes_after: 0,
      minutes_before_showing_slots: 0,
      date_from: '2026-03-01',
    });
    const closed = await createCalendar(app, practice, {
      minutes_before_showing_slots: 0,
      date_from: '2026-03-01',
    });
    const patient = await patientNamed('Alan', 'Turing', '1912-06-23');
    const inNarrow = await book(patient, '2026-03-10T15:00:00Z', narrow.calendarId);
    const inClosed = await book(patient, '2026-03-10T15:00:00Z', closed.calendarId);
    const checkIn = (id: string) =>
      app.api.as(patient).put(`/api/v1/appointments/${id}/check-in`, {});

    now = new Date('2026-03-10T14:45:00Z'); // 15 minutes before: inside the default, not this one
    expect((await checkIn(inNarrow)).body.message).toBe(BOOKING_MESSAGES.checkInUnavailable);
    expect((await checkIn(inClosed)).body.message).toBe(BOOKING_MESSAGES.checkInUnavailable);
    now = new Date('2026-03-10T14:50:00Z');
    expect((await checkIn(inNarrow)).status).toBe(200);
    expect((await checkIn(inClosed)).status).toBe(409);
  });

  it('rejects a window that is not a whole number of minutes up to a day (400)', async () => {
    for (const check_in_opens_minutes_before of [-1, 1441, 2.5, '30']) {
      const response = await app.api
        .as(practice.admin)
        .put(`/api/v1/calendars/${calendarId}`, { check_in_opens_minutes_before });
      expect(response.status).toBe(400);
    }
  });
});

describe('the desk', () => {
  it('checks a patient in at any time, by check-in or by status change', async () => {
    const patient = await patientNamed('Edsger', 'Dijkstra', '1930-05-11');
    const afternoon = await book(patient, '2026-03-10T20:00:00Z');
    const tomorrow = await book(patient, '2026-03-11T14:00:00Z');
    const desk = await app.api
      .as(practice.staff)
      .put(`/api/v1/appointments/${afternoon}/check-in`, {});
    expect(desk.status).toBe(200);
    expect(desk.body.data).toEqual(expect.objectContaining({ status: 'Checked-In' }));
    const byStatus = await app.api
      .as(practice.provider)
      .put(`/api/v1/appointments/${tomorrow}/status`, { status: 'Checked-In' });
    expect(byStatus.status).toBe(200);
    expect(await statusOf(tomorrow, patient)).toBe('Checked-In');
  });
});

describe('the check-in pass', () => {
  it('names the patient and the provider, gives the code and the window, to the patient and the practice only', async () => {
    const patient = await patientNamed('Barbara', 'Liskov', '1939-11-07');
    const id = await book(patient, '2026-03-10T18:00:00Z');
    const pass = await app.api
      .as(patient)
      .get(`/api/v1/appointments/${id}/check-in-pass?min_position=${booked}`);
    expect(pass.status).toBe(200);
    expect(pass.body.data).toEqual<CheckInPassView>({
      appointment_id: id,
      code: appointmentCode(id),
      status: 'Scheduled',
      start_date: '2026-03-10T18:00:00Z',
      end_date: '2026-03-10T18:30:00Z',
      time_zone: 'America/New_York',
      visit_type: 'Office',
      reason: null,
      patient_name: 'Barbara Liskov',
      provider_name: 'Test Provider',
      check_in_opens_at: '2026-03-10T17:00:00.000Z',
      check_in_closes_at: '2026-03-10T18:15:00.000Z',
      patient_check_in: true,
    });
    expect(appointmentCode(id)).toMatch(/^[0-9A-F]{8}$/);
    const desk = await app.api.as(practice.staff).get(`/api/v1/appointments/${id}/check-in-pass`);
    expect(desk.status).toBe(200);
    const stranger = await createUser(app, 'Patient');
    expect(
      (await app.api.as(stranger).get(`/api/v1/appointments/${id}/check-in-pass`)).status,
    ).toBe(403);
    const other = await createPractice(app);
    expect(
      (await app.api.as(other.staff).get(`/api/v1/appointments/${id}/check-in-pass`)).status,
    ).toBe(403);
  });
});

describe('the kiosk', () => {
  const lookup = (caller: TestUser, query: string, practiceId = practice.practiceId) =>
    app.api
      .as(caller)
      .get<KioskLookupResult>(
        `/api/v1/practices/${practiceId}/kiosk/appointments?${query}${query ? '&' : ''}min_position=${booked}`,
      );

  it('finds today’s visit by last name and birth date, or by code, showing only a greeting’s worth', async () => {
    const patient = await patientNamed('Katherine', 'Johnson', '1918-08-26');
    const today = await book(patient, '2026-03-10T16:30:00Z');
    await book(patient, '2026-03-11T16:30:00Z'); // tomorrow: not today's

    const byName = await lookup(practice.staff, 'last_name=%20johnson%20&birth_date=1918-08-26');
    expect(byName.status).toBe(200);
    expect(byName.body.data.appointments).toEqual([
      {
        appointment_id: today,
        first_name: 'Katherine',
        last_initial: 'J',
        start_date: '2026-03-10T16:30:00.000Z',
        time_zone: 'America/New_York',
        provider_name: 'Test Provider',
        checked_in: false,
      },
    ]);
    const byCode = await lookup(practice.admin, `code=${appointmentCode(today).toLowerCase()}`);
    expect(byCode.body.data.appointments.map((a) => a.appointment_id)).toEqual([today]);

    for (const miss of [
      'last_name=Johnson&birth_date=1918-08-27',
      'last_name=Johnsen&birth_date=1918-08-26',
      'code=00000000',
    ]) {
      const none = await lookup(practice.provider, miss);
      expect({ miss, found: none.body.data.appointments }).toEqual({ miss, found: [] });
    }
    const other = await createPractice(app);
    const elsewhere = await lookup(other.staff, `code=${appointmentCode(today)}`, other.practiceId);
    expect(elsewhere.body.data.appointments).toEqual([]);
  });

  it('checks the patient in within the window, at the door as at home', async () => {
    const patient = await patientNamed('Margaret', 'Hamilton', '1936-08-17');
    const id = await book(patient, '2026-03-10T17:00:00Z'); // 13:00 EDT
    const kiosk = (caller: TestUser) =>
      app.api.as(caller).put(`/api/v1/kiosk/appointments/${id}/check-in`, {});
    const early = await kiosk(practice.staff);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(BOOKING_MESSAGES.checkInUnavailable);

    now = new Date('2026-03-10T16:20:00Z');
    const checkedIn = await kiosk(practice.staff);
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.data).toEqual(expect.objectContaining({ status: 'Checked-In' }));
    booked = (checkedIn.body.data as { position: number }).position;
    const found = await lookup(practice.staff, 'last_name=Hamilton&birth_date=1936-08-17');
    expect(found.body.data.appointments).toEqual([
      expect.objectContaining({ appointment_id: id, checked_in: true }),
    ]);
  });

  it('is for the practice’s own users only, needs a key, and stops a run of guesses', async () => {
    const patient = await patientNamed('Frances', 'Allen', '1932-08-04');
    const id = await book(patient, '2026-03-10T19:00:00Z');
    const other = await createPractice(app);
    const operator = await createUser(app, 'SuperUser');
    const code = `code=${appointmentCode(id)}`;

    expect((await lookup(patient, code)).status).toBe(403);
    expect((await lookup(operator, code)).status).toBe(403);
    expect((await lookup(other.staff, code)).status).toBe(403);
    for (const caller of [patient, other.staff, operator]) {
      const response = await app.api
        .as(caller)
        .put(`/api/v1/kiosk/appointments/${id}/check-in`, {});
      expect(response.status).toBe(403);
    }
    expect(await statusOf(id, patient)).toBe('Scheduled');

    for (const query of ['', 'last_name=Allen', 'birth_date=1932-08-04']) {
      const response = await lookup(practice.staff, query);
      expect({ query, status: response.status, message: response.body.message }).toEqual({
        query,
        status: 400,
        message: KIOSK_MESSAGES.lookup,
      });
    }
    for (const query of [
      'code=XYZ',
      'code=1234567',
      'birth_date=1932-02-30&last_name=Allen',
      'last_name=%20&birth_date=1932-08-04',
    ]) {
      expect((await lookup(practice.staff, query)).status).toBe(400);
    }

    const tablet = await createUser(app, 'Staff', practice.practiceId);
    for (let i = 0; i < KIOSK_LOOKUPS_PER_MINUTE; i += 1) {
      expect((await lookup(tablet, `code=${i.toString(16).padStart(8, '0')}`)).status).toBe(200);
    }
    const throttled = await lookup(tablet, code);
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toBe(KIOSK_MESSAGES.tooMany);
    now = new Date(now.getTime() + 61_000);
    expect((await lookup(tablet, code)).body.data.appointments).toHaveLength(1);
  });
});

describe('calendars recorded before the check-in window', () => {
  it('read and keep the default window (60 before, 15 after), and record a change against it', async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const template = (await app.api.get<CalendarView>(`/api/v1/calendars/${calendarId}`)).body.data;
    const oldId = randomUUID();
    // A CalendarCreated as the code before the window wrote it: no check-in window fields.
    const {
      check_in_opens_minutes_before: _opens,
      check_in_closes_minutes_after: _closes,
      ...before
    } = template;
    const appended = await store.appendToStream(
      `calendar-${oldId}`,
      [
        {
          id: randomUUID(),
          type: 'CalendarCreated',
          data: {
            ...before,
            calendar_id: oldId,
            name: 'Dr. Before',
            created_at: now.toISOString(),
          },
          metadata: {
            actorId: practice.admin.userId,
            actorRole: 'PracticeAdmin',
            onBehalfOf: null,
            ip: null,
            userAgent: 'jest',
            correlationId: randomUUID(),
            causationId: null,
            commandId: null,
          },
        },
      ],
      'no_stream',
    );
    const read = await app.api.get<CalendarView>(
      `/api/v1/calendars/${oldId}?min_position=${appended.position}`,
    );
    expect(read.body.data).toEqual(
      expect.objectContaining({
        name: 'Dr. Before',
        check_in_opens_minutes_before: 60,
        check_in_closes_minutes_after: 15,
      }),
    );

    const patient = await patientNamed('Hedy', 'Lamarr', '1914-11-09');
    const id = await book(patient, '2026-03-10T16:00:00Z', oldId);
    now = new Date('2026-03-10T14:59:00Z'); // 61 minutes before
    expect((await app.api.as(patient).put(`/api/v1/appointments/${id}/check-in`, {})).status).toBe(
      409,
    );
    now = new Date('2026-03-10T15:01:00Z'); // 59 minutes before
    expect((await app.api.as(patient).put(`/api/v1/appointments/${id}/check-in`, {})).status).toBe(
      200,
    );

    const changed = await app.api
      .as(practice.admin)
      .put(`/api/v1/calendars/${oldId}`, { check_in_closes_minutes_after: 30 });
    expect(changed.status).toBe(200);
    const events = await store.readStream(`calendar-${oldId}`);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['CalendarCreated', expect.anything()],
      [
        'CalendarCheckInWindowChanged',
        {
          calendar_id: oldId,
          before: { check_in_opens_minutes_before: 60, check_in_closes_minutes_after: 15 },
          after: { check_in_opens_minutes_before: 60, check_in_closes_minutes_after: 30 },
          changed_at: now.toISOString(),
        },
      ],
    ]);
  });
});
