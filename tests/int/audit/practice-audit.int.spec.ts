import type { AuditEntryView, AuditPage, BookingResult } from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import type { Caller } from '../../support/api-client';
import { eventually } from '../../support/events';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let patient: TestUser;
let other: TestUser;
let appointmentId: string;
let otherAppointmentId: string;
/** The log's position once every change of the setup was made. */
let settled = 0;

const positionOf = (body: unknown) => (body as { data: { position: number } }).data.position;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patient = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Quinn' });
  other = await createUser(app, 'Patient', null, { first: 'Ben', last: 'Okafor' });
  ({ calendarId } = await createCalendar(app, practice, { name: 'Dr. Audit' }));
  const changed = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { booking_capacity: 3 });
  expect(changed.status).toBe(200);
  const slot = await tomorrowsSlot(app, calendarId, positionOf(changed.body));
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  expect(booked.status).toBe(201);
  appointmentId = (booked.body.data as BookingResult).appointment_id;
  const otherBooked = await app.api
    .as(other)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  otherAppointmentId = (otherBooked.body.data as BookingResult).appointment_id;
  const confirmed = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointmentId}/status`, { status: 'Confirmed' });
  expect(confirmed.status).toBe(200);
  settled = positionOf(confirmed.body);
});

afterAll(async () => {
  await app.close();
});

async function trail(caller: Caller, query = ''): Promise<AuditPage> {
  const response = await app.api
    .as(caller)
    .get(`/api/v1/practices/${practice.practiceId}/audit?min_position=${settled}${query}`);
  if (response.status !== 200) throw new Error(`audit: ${JSON.stringify(response.body)}`);
  return response.body.data as AuditPage;
}

const find = (entries: readonly AuditEntryView[], summary: RegExp, appointment?: string) =>
  entries.find(
    (entry) =>
      summary.test(entry.summary) && (!appointment || entry.appointment_id === appointment),
  );

it("tells the practice's changes for people: who, from where, what, before and after", async () => {
  const { entries } = await trail(practice.admin);
  const booking = find(entries, /^Booked an? office visit on /, appointmentId);
  expect(booking).toMatchObject({
    kind: 'appointment',
    appointment_id: appointmentId,
    patient_id: patient.userId,
    patient_name: 'Ada Quinn',
    actor: { id: patient.userId, name: 'Ada Quinn', role: 'Patient' },
    changes: [
      { field: 'status', before: null, after: 'Scheduled' },
      expect.objectContaining({ field: 'start', before: null }),
    ],
  });
  expect(booking!.ip).toMatch(/127\.0\.0\.1/);
  expect(booking!.user_agent).toBeTruthy();
  expect(booking!.correlation_id).toBeTruthy();
  expect(find(entries, /^Changed the status from Scheduled to Confirmed$/)).toMatchObject({
    actor: { id: practice.staff.userId, name: 'Test Staff', role: 'Staff' },
    changes: [{ field: 'status', before: 'Scheduled', after: 'Confirmed' }],
  });
  expect(find(entries, /^Changed the capacity of "Dr. Audit" from 1 to 3 per slot$/)).toMatchObject(
    {
      kind: 'calendar',
      calendar_id: calendarId,
      changes: [{ field: 'booking_capacity', before: 1, after: 3 }],
    },
  );
  // Newest first.
  const positions = entries.map((e) => e.position);
  expect([...positions].sort((a, b) => b - a)).toEqual(positions);
});

it('filters by patient, kind, actor, appointment, calendar and date, and pages by cursor', async () => {
  const mine = await trail(practice.admin, `&patient_id=${patient.userId}`);
  expect(mine.entries.length).toBeGreaterThan(0);
  expect(mine.entries.every((e) => e.patient_id === patient.userId)).toBe(true);
  const calendars = await trail(practice.admin, '&kind=calendar');
  expect(calendars.entries.every((e) => e.kind === 'calendar')).toBe(true);
  expect(calendars.entries.length).toBeGreaterThanOrEqual(2);
  const byStaff = await trail(practice.admin, `&actor_id=${practice.staff.userId}`);
  expect(byStaff.entries.map((e) => e.summary)).toEqual([
    'Changed the status from Scheduled to Confirmed',
  ]);
  const ofOther = await trail(practice.admin, `&appointment_id=${otherAppointmentId}`);
  expect(ofOther.entries.map((e) => e.patient_name)).toEqual(['Ben Okafor']);
  const ofCalendar = await trail(practice.admin, `&calendar_id=${calendarId}&kind=appointment`);
  expect(ofCalendar.entries).toHaveLength(3);
  expect((await trail(practice.admin, '&to=2000-01-01T00:00:00Z')).entries).toEqual([]);
  expect(
    (await trail(practice.admin, '&from=2000-01-01T00:00:00Z')).entries.length,
  ).toBeGreaterThan(3);

  const first = await trail(practice.admin, '&kind=appointment&limit=2');
  expect(first.entries).toHaveLength(2);
  expect(first.next_cursor).not.toBeNull();
  const second = await trail(
    practice.admin,
    `&kind=appointment&limit=2&cursor=${first.next_cursor}`,
  );
  expect(second.entries.length).toBeGreaterThan(0);
  expect(Math.max(...second.entries.map((e) => e.position))).toBeLessThan(
    Math.min(...first.entries.map((e) => e.position)),
  );

  const bad = await app.api
    .as(practice.admin)
    .get(`/api/v1/practices/${practice.practiceId}/audit?from=2026-02-30T00:00:00Z`);
  expect(bad.status).toBe(400);
});

it('records each reading of the trail, and shows who looked at which patient', async () => {
  await trail(practice.admin, `&patient_id=${other.userId}`);
  const history = await app.api
    .as(practice.admin)
    .get(`/api/v1/appointments/${appointmentId}/history`);
  expect(history.status).toBe(200);
  const reads = await eventually(
    () => trail(practice.admin, `&kind=audit&actor_id=${practice.admin.userId}`),
    (page) =>
      page.entries.some((e) => e.summary === "Viewed an appointment's history") &&
      page.entries.some((e) => e.patient_id === other.userId),
  );
  expect(find(reads.entries, /^Viewed an appointment's history$/)).toMatchObject({
    patient_id: patient.userId,
    patient_name: 'Ada Quinn',
    appointment_id: appointmentId,
    actor: { name: 'Test PracticeAdmin', role: 'PracticeAdmin' },
  });
  // Asked by patient: the practice sees who read Ada's records.
  const aboutAda = await trail(practice.admin, `&patient_id=${patient.userId}&kind=audit`);
  expect(aboutAda.entries.length).toBeGreaterThan(0);
});

it("gives an appointment's timeline to its patient without addresses, and to the practice's admin in full", async () => {
  const asPatient = await app.api.as(patient).get(`/api/v1/appointments/${appointmentId}/history`);
  expect(asPatient.status).toBe(200);
  const timeline = asPatient.body.data as AuditEntryView[];
  expect(timeline.map((e) => e.summary)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Booked/),
      'Changed the status from Scheduled to Confirmed',
    ]),
  );
  expect(timeline.every((e) => e.ip === null && e.user_agent === null)).toBe(true);
  expect(timeline.some((e) => e.kind === 'audit')).toBe(false);

  const asAdmin = (
    await app.api.as(practice.admin).get(`/api/v1/appointments/${appointmentId}/history`)
  ).body.data as AuditEntryView[];
  expect(asAdmin.some((e) => e.ip !== null)).toBe(true);
});

it('keeps the trail to the practice admins and operators, and timelines to their patient', async () => {
  const otherPractice = await createPractice(app);
  const operator = await createUser(app, 'SupportAgent');
  for (const caller of [practice.staff, practice.provider, otherPractice.admin, patient]) {
    const response = await app.api.as(caller).get(`/api/v1/practices/${practice.practiceId}/audit`);
    expect(response.status).toBe(403);
    const exported = await app.api
      .as(caller)
      .get(`/api/v1/practices/${practice.practiceId}/audit/export`);
    expect(exported.status).toBe(403);
  }
  for (const caller of [other, practice.staff, otherPractice.admin]) {
    const response = await app.api.as(caller).get(`/api/v1/appointments/${appointmentId}/history`);
    expect(response.status).toBe(403);
  }
  expect((await trail(operator)).entries.length).toBeGreaterThan(0);
});

it('exports the filtered trail as CSV', async () => {
  const response = await fetch(
    `${app.url}/api/v1/practices/${practice.practiceId}/audit/export?patient_id=${patient.userId}`,
    { headers: practice.admin.auth },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="audit-trail-/);
  const lines = (await response.text()).trim().split('\n');
  expect(lines[0]).toBe(
    'when,who,role,on_behalf_of,what,changes,patient,appointment_id,calendar_id,ip,user_agent,correlation_id,event_type,position',
  );
  expect(
    lines.some((line) => line.includes('Changed the status from Scheduled to Confirmed')),
  ).toBe(true);
  expect(lines.slice(1).every((line) => line.includes('Ada Quinn'))).toBe(true);
});

it("tells a staff member's role change and disabling in their practice's trail", async () => {
  const superUser = await createUser(app, 'SuperUser');
  const nurse = await createUser(app, 'Staff', practice.practiceId, { first: 'Nia', last: 'Park' });
  const promoted = await app.api.as(superUser).put(`/api/v1/users/${nurse.userId}/role`, {
    type: 'PracticeAdmin',
    practice_id: practice.practiceId,
  });
  expect(promoted.status).toBe(200);
  const disabled = await app.api
    .as(superUser)
    .put(`/api/v1/users/${nurse.userId}/status`, { disabled: true });
  expect(disabled.status).toBe(200);
  const page = await eventually(
    () => trail(practice.admin, '&kind=staff'),
    (p) => p.entries.some((e) => e.summary === 'Disabled the account of Nia Park'),
  );
  expect(
    find(page.entries, /^Changed the role of Nia Park from Staff to PracticeAdmin$/),
  ).toMatchObject({
    actor: { id: superUser.userId, role: 'SuperUser' },
    changes: [{ field: 'role', before: 'Staff', after: 'PracticeAdmin' }],
  });
  // Told once, though the security stream repeats the change under the same event name.
  expect(page.entries.filter((e) => e.summary.endsWith('Nia Park')).map((e) => e.summary)).toEqual([
    'Disabled the account of Nia Park',
  ]);
  expect(
    page.entries.filter((e) => e.summary.startsWith('Changed the role of Nia Park')),
  ).toHaveLength(1);
  expect(find(page.entries, /^Disabled the account of Nia Park$/)).toMatchObject({
    changes: [{ field: 'disabled', before: false, after: true }],
  });
  expect(find(page.entries, /^Created the account of Nia Park \(Staff\)$/)).toBeDefined();
});
