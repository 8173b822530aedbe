import fc from 'fast-check';
import { sql } from 'kysely';
import { READ_MODEL_BEHIND_MESSAGE } from '@medbook/contracts';
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
/** Every route with its query and path parameters, from the OpenAPI document. */
let allRoutes: { method: string; path: string; params: string[] }[];

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
  // Numbers JavaScript prints in exponent form (class-validator's maxDecimalPlaces threw on them).
  fc.constantFrom(5e-324, -5e-324, 1e-7, 1e21, -0),
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
  app = await startTestApp({
    // A hostile min_position waits this long for its projections before its 503.
    config: { accountLookupMinMs: 0, loginFailuresPerIpHour: 100_000, readWaitMs: 100 },
  });
  patient = await createUser(app, 'Patient');
  superUser = await createUser(app, 'SuperUser');
  throwaway = await createUser(app, 'Patient');
  // Real objects, so payloads reach the routes' validation and rules rather than a 403 or 404.
  practice = await createPractice(app);
  const calendar = await createCalendar(app, practice, { booking_capacity: 50 });
  calendarId = calendar.calendarId;
  // Read waits are short here (a hostile min_position would otherwise wait 5 s): the calendar's
  // week is asked again until its projection has caught up.
  let slot: Awaited<ReturnType<typeof tomorrowsSlot>> | null = null;
  for (let tries = 0; !slot; tries++) {
    slot = await tomorrowsSlot(app, calendarId, calendar.position).catch((error: unknown) => {
      if (tries >= 100) throw error;
      return null;
    });
  }
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  appointmentId = (booked.body.data as { appointment_id: string }).appointment_id;
  const document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
          parameters?: { name: string; in: string }[];
        }
      >
    >;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  allRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      params: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
    })),
  );
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

/**
 * Domain events; a refused sign-in is still recorded in the security stream, on purpose, and the
 * log sealer seals the log on its own timer (audit-seals), whatever a request does.
 */
const eventCount = async () =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
        WHERE stream_id NOT LIKE 'security-%' AND stream_id <> 'audit-seals'`.execute(
        app.database.db,
      )
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
            `${route.method} ${route.path} answered ${response.status} for ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`,
          );
        }
        if (response.status >= 400 && after !== before) {
          const written = await sql<{ stream_id: string; event_type: string }>`
            SELECT stream_id, event_type FROM es_events
             WHERE stream_id NOT LIKE 'security-%' AND stream_id <> 'audit-seals'
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

/**
 * Hostile text as it arrives in a URL: already percent-encoded, including bytes that are not
 * UTF-8 (a lone surrogate's) and impossible dates and numbers.
 */
const HOSTILE_URL_VALUES = [
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '2026-02-30',
  '2026-13-01',
  '99999-01-01',
  '-1',
  '1e309',
  'NaN',
  '0x1F',
  '9'.repeat(40),
  '%27%3B%20DROP%20TABLE%20es_events%3B--',
  '..%2F..%2Fetc%2Fpasswd',
  '%7B%22a%22%3A1%7D',
  'a'.repeat(5_000),
  '__proto__',
];

const safeEncode = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const urlValue = fc.oneof(
  fc.constantFrom(...HOSTILE_URL_VALUES),
  fc.string({ maxLength: 200 }).map(safeEncode),
  fc.string({ unit: 'binary', maxLength: 30 }).map(safeEncode),
  fc.integer().map(String),
  fc.uuid(),
);

/**
 * Every query parameter name the API's query DTOs declare (the OpenAPI document does not list
 * them): each route is sent some of them, whether it reads them or not.
 */
const QUERY_NAMES = [
  'actor_id',
  'appointment_id',
  'as_of',
  'calendar_id',
  'cursor',
  'date',
  'doctorId',
  'end',
  'endDate',
  'facility_id',
  'from',
  'kind',
  'latitude',
  'limit',
  'longitude',
  'min_position',
  'pageNo',
  'pageSize',
  'patientId',
  'patient_id',
  'provider_id',
  'redirect',
  'resource_id',
  'scheduleType',
  'selectedReasonTitle',
  'staffId',
  'start',
  'startDate',
  'start_date',
  'status',
  'text',
  'timeZone',
  'to',
  'visitType',
  'visit_type',
];

it('finds the path parameters of the routes in the OpenAPI document', () => {
  expect(allRoutes.length).toBeGreaterThan(60);
  expect(allRoutes.filter((r) => r.params.length > 0).length).toBeGreaterThan(20);
});

it('answers hostile query strings and path parameters on every route without a 500 or a write', async () => {
  const known: Record<string, string> = {
    patient_id: patient.userId,
    user_id: patient.userId,
    practice_id: practice.practiceId,
    calendar_id: calendarId,
    appointment_id: appointmentId,
  };
  for (const route of allRoutes) {
    if (route.path.endsWith('/auth/logout')) continue;
    const caller = callerFor(route.method, route.path);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          // Each path parameter: a real id or a hostile value; each query parameter: maybe one.
          params: fc.tuple(...route.params.map(() => fc.option(urlValue, { nil: undefined }))),
          query: fc.uniqueArray(fc.tuple(fc.constantFrom(...QUERY_NAMES), urlValue), {
            maxLength: 4,
            selector: ([name]) => name,
          }),
        }),
        async ({ params, query }) => {
          let path = route.path;
          route.params.forEach((name, i) => {
            const value = params[i] ?? known[name] ?? '0c0c0c0c-0000-4000-8000-00000000000d';
            path = path.replace(`{${name}}`, value);
          });
          const pairs = query.map(([name, value]) => `${name}=${value}`);
          const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
          const before = await eventCount();
          const response = await app.api.as(caller).request(route.method, url);
          const after = await eventCount();
          const waited =
            response.status === 503 &&
            (response.body as { message?: string }).message === READ_MODEL_BEHIND_MESSAGE;
          if (response.status >= 500 && !waited) {
            throw new Error(`${route.method} ${url} answered ${response.status}`);
          }
          if (response.status >= 400 && after !== before) {
            throw new Error(`${route.method} ${url} refused with ${response.status} but wrote`);
          }
          if (response.status >= 400) {
            expect(response.body).toEqual(
              expect.objectContaining({ status_code: response.status }),
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  }
}, 240_000);
