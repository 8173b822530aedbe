import fc from 'fast-check';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Random and hostile payloads at every write route: wrong types, huge strings, unicode,
 * injection strings and extra fields. None may cause a 500, and a refused request writes no event.
 */
let app: TestApp;
let patient: TestUser;
let superUser: TestUser;
let throwaway: TestUser;
let practice: TestPractice;
let calendarId: string;
let appointmentId: string;
let writeRoutes: { method: string; path: string; fields: string[] }[];

const HOSTILE_STRINGS = [
  "'; DROP TABLE es_events; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${process.exit(1)}',
  '../../../../etc/passwd',
  '\u0000\u0001\u0002',
  '\uD800',
  'Ω≈ç√∫˜µ≤≥÷ 😀 𝕳𝖊𝖑𝖑𝖔 مرحبا',
  'a'.repeat(20_000),
  '__proto__',
  'constructor',
];

const hostileValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
  fc.uuid(),
  fc.emailAddress(),
  fc.stringMatching(/^[a-f0-9]{64}$/),
);

const payload = (fields: string[]) =>
  fc.oneof(
    fc.anything(),
    fc.record(
      Object.fromEntries(fields.map((field) => [field, hostileValue])) as Record<
        string,
        typeof hostileValue
      >,
      { requiredKeys: [] },
    ),
    fc
      .tuple(
        fc.record(
          Object.fromEntries(fields.map((field) => [field, hostileValue])) as Record<
            string,
            typeof hostileValue
          >,
          { requiredKeys: [] },
        ),
        fc.dictionary(
          fc.constantFrom('__proto__', 'extra', 'type', 'user_id', 'is_admin'),
          hostileValue,
        ),
      )
      .map(([known, extra]) => ({ ...known, ...extra })),
  );

beforeAll(async () => {
  app = await startTestApp({ config: { accountLookupMinMs: 0, loginFailuresPerIpHour: 100_000 } });
  patient = await createUser(app, 'Patient');
  superUser = await createUser(app, 'SuperUser');
  throwaway = await createUser(app, 'Patient');
  // Real objects, so payloads reach the routes' validation and rules rather than a 403 or 404.
  practice = await createPractice(app);
  const calendar = await createCalendar(app, practice, { booking_capacity: 50 });
  calendarId = calendar.calendarId;
  const slot = await tomorrowsSlot(app, calendarId, calendar.position);
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  appointmentId = (booked.body.data as { appointment_id: string }).appointment_id;
  const document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }>
    >;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  writeRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const ref = operation.requestBody?.content['application/json']?.schema.$ref;
        const schema = ref ? document.components.schemas[ref.split('/').pop()!] : undefined;
        return {
          method: method.toUpperCase(),
          path,
          fields: Object.keys(schema?.properties ?? {}),
        };
      }),
  );
});

afterAll(async () => {
  await app.close();
});

/** Domain events; a refused sign-in is still recorded in the security stream, on purpose. */
const eventCount = async () =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
        WHERE stream_id NOT LIKE 'security-%'`.execute(app.database.db)
    ).rows[0]!.n,
  );

/** Patients' routes are called as the patient (on their own id), the rest as a super user. */
function callerFor(method: string, path: string): TestUser {
  // Signing out ends the caller's session: not one the other routes use.
  if (path.endsWith('/auth/logout')) return throwaway;
  if (path.includes('/sms/') || path.includes('family-members')) return patient;
  if (path.includes('/practices/{practice_id}/') || path.startsWith('/api/v1/calendars/{')) {
    return path.includes('/slots/') ? patient : practice.admin;
  }
  if (path.startsWith('/api/v1/appointments')) {
    return ['/confirm', '/reschedule'].some((end) => path.endsWith(end)) || method === 'DELETE'
      ? patient
      : practice.staff;
  }
  return superUser;
}

it('finds the write routes and their fields in the OpenAPI document', () => {
  expect(writeRoutes.length).toBeGreaterThan(12);
  const signup = writeRoutes.find((r) => r.path === '/api/v1/auth/signup');
  expect(signup?.fields).toEqual(expect.arrayContaining(['email', 'password', 'first_name']));
});

it('answers hostile payloads on every write route without a 500 and without a partial write', async () => {
  for (const route of writeRoutes) {
    const caller = callerFor(route.method, route.path);
    const path = route.path
      .replace('{patient_id}', patient.userId)
      .replace('{user_id}', patient.userId)
      .replace('{practice_id}', practice.practiceId)
      .replace('{calendar_id}', calendarId)
      .replace('{appointment_id}', appointmentId)
      .replace('{hold_id}', '0c0c0c0c-0000-4000-8000-00000000000d');
    await fc.assert(
      fc.asyncProperty(payload(route.fields), async (body) => {
        const before = await eventCount();
        const response = await app.api.as(caller).request(route.method, path, body ?? {});
        const after = await eventCount();
        if (response.status >= 500) {
          throw new Error(
            `${route.method} ${route.path} answered ${response.status} for ${JSON.stringify(body)}`,
          );
        }
        if (response.status >= 400 && after !== before) {
          const written = await sql<{ stream_id: string; event_type: string }>`
            SELECT stream_id, event_type FROM es_events WHERE stream_id NOT LIKE 'security-%'
             ORDER BY global_position DESC LIMIT ${after - before}`.execute(app.database.db);
          throw new Error(
            `${route.method} ${route.path} refused with ${response.status} but wrote ${JSON.stringify(written.rows)}`,
          );
        }
        expect(response.body).toEqual(
          expect.objectContaining({
            status_code: response.status,
            message: expect.any(String) as unknown,
          }),
        );
      }),
      { numRuns: 25 },
    );
  }
}, 240_000);
