import { BOOKING_MESSAGES, type ProviderSearchResult } from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import {
  createCalendar,
  createPractice,
  registerEntry,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let providerId: string;
// A name no other provider has, so a text search finds this one alone.
const lastName = `Visited${Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 8)}`;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const provider = await createUser(app, 'Provider', practice.practiceId);
  providerId = provider.userId;
  await registerEntry(app, practice, 'providers', {
    user_id: providerId,
    first_name: 'Nora',
    last_name: lastName,
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [],
    allow_existing_patients_only: true,
  });
});

afterAll(async () => {
  await app.close();
});

/** The provider's card as this caller (or a guest) finds it. */
async function visitedBefore(caller: TestUser | null): Promise<boolean | undefined> {
  const api = caller ? app.api.as(caller) : app.api;
  const response = await api.post('/api/v1/providers/search', { text_field: lastName });
  const result = response.body.data as ProviderSearchResult;
  return result.providers.find((p) => p.id === providerId)?.patient_visited_before;
}

it('marks the providers a signed-in patient has a live appointment with, for them alone', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { provider_id: providerId });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const other = await createUser(app, 'Patient');
  expect(
    await eventually(
      () => visitedBefore(patient),
      (v) => v !== undefined,
    ),
  ).toBe(false);

  // A new patient cannot book the restricted provider themselves (the API enforces it too)...
  const refused = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(BOOKING_MESSAGES.establishedPatientsOnly);
  // ...the practice books their first visit for them.
  const booked = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    patient_id: patient.userId,
  });
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as { appointment_id: string }).appointment_id;
  expect(
    await eventually(
      () => visitedBefore(patient),
      (v) => v === true,
    ),
  ).toBe(true);
  expect(await visitedBefore(other)).toBe(false);
  expect(await visitedBefore(null)).toBe(false);
  // Now established, the patient books a follow-up themselves; the other patient still may not.
  const next = await tomorrowsSlot(
    app,
    calendarId,
    (booked.body.data as { position: number }).position,
  );
  const followUp = { calendar_id: calendarId, start_date: next.start_date };
  expect((await app.api.as(other).post('/api/v1/appointments', followUp)).status).toBe(403);
  const own = await app.api.as(patient).post('/api/v1/appointments', followUp);
  expect(own.status).toBe(201);
  await app.api
    .as(patient)
    .delete(
      `/api/v1/appointments/${(own.body.data as { appointment_id: string }).appointment_id}`,
      {
        reason: 'Plans changed',
      },
    );

  // A canceled appointment does not make an established patient.
  const canceled = await app.api
    .as(patient)
    .delete(`/api/v1/appointments/${appointmentId}`, { reason: 'Plans changed' });
  expect(canceled.status).toBe(200);
  expect(
    await eventually(
      () => visitedBefore(patient),
      (v) => v === false,
    ),
  ).toBe(false);
}, 60_000);
