import type { BookingResult } from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import { type ApiProcess, buildApi, startApiProcess } from '../../support/api-process';
import { closeLiveClients, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Two API processes (the built service) on one database; fixtures through a third that runs no
// projections. The staff's socket is on one process, the patient's requests go to the other.
let database: TestDatabase;
const nodes: ApiProcess[] = [];
let fixtures: TestApp;
let practice: TestPractice;
let patient: TestUser;

beforeAll(async () => {
  buildApi();
  database = await createTestDatabase({ max: 4 });
  for (const n of [1, 2]) {
    nodes.push(await startApiProcess({ databaseUrl: database.url, instanceId: `dci-${n}` }));
  }
  fixtures = await startTestApp({ database, config: { runProjections: false } });
  practice = await createPractice(fixtures);
  patient = await createUser(fixtures, 'Patient', null, { first: 'Ada', last: 'Lovelace' });
}, 180_000);

afterAll(async () => {
  closeLiveClients();
  await fixtures?.close();
  await Promise.all(nodes.map((node) => node.stop()));
  await database?.drop();
}, 60_000);

it('a consent signed and a copay paid through one process reach staff watching the summary on another', async () => {
  const [one, two] = nodes as [ApiProcess, ApiProcess];
  const { calendarId, position } = await createCalendar(fixtures, practice);
  const settings = await one.api
    .as(practice.admin)
    .put(`/api/v1/providers/${practice.provider.userId}/digital-check-in-settings`, {
      digital_check_in_enabled: true,
      copay_amount: 10,
    });
  expect(settings.status).toBe(200);
  const consent = await one.api
    .as(practice.admin)
    .post<{ consent_id: string }>(`/api/v1/practices/${practice.practiceId}/consents`, {
      title: 'Consent',
      text: 'I consent.',
      required: true,
    });
  expect(consent.status).toBe(201);
  const slot = await tomorrowsSlot(fixtures, calendarId, position);
  const booked = await one.api.as(patient).post<BookingResult>('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
  });
  expect(booked.status).toBe(201);
  const appointmentId = booked.body.data.appointment_id;

  const staff = await watch(two, practice.staff, [`practice:${practice.practiceId}`]);
  const signed = await one.api
    .as(patient)
    .post(
      `/api/v1/appointments/${appointmentId}/consents/${consent.body.data.consent_id}/signature`,
      {
        version: 1,
        kind: 'typed',
        typed_name: 'Ada Lovelace',
      },
    );
  expect(signed.status).toBe(201);
  await staff.eventually('check-in.consent', (m) =>
    m.some((x) => x.appointment_id === appointmentId && x.signed),
  );
  const paid = await one.api.as(patient).post(`/api/v1/appointments/${appointmentId}/copay`, {
    amount: 10,
    card: {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2040,
      cvc: '123',
      name_on_card: 'Ada Lovelace',
    },
    command_id: crypto.randomUUID(),
  });
  expect(paid.status).toBe(201);
  const changes = await staff.eventually('check-in.summary', (m) =>
    m.some((x) => x.appointment_id === appointmentId && x.change === 'copay.paid'),
  );
  // The summary read on the staff's process, at the pushed position, has the row done.
  const day = slot.start_date.slice(0, 10);
  const summary = await two.api
    .as(practice.staff)
    .get<{ rows: { appointment_id: string; copay_paid: boolean; consents_signed: number }[] }>(
      `/api/v1/practices/${practice.practiceId}/check-in-summary?date=${day}&min_position=${changes.at(-1)!.position}`,
    );
  expect(summary.status).toBe(200);
  expect(summary.body.data.rows.find((r) => r.appointment_id === appointmentId)).toMatchObject({
    copay_paid: true,
    consents_signed: 1,
  });
}, 120_000);
