import {
  AUTH_MESSAGES,
  type DemographicsView,
  type FamilyMemberView,
  type LoginResult,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, sha256, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The API holds a direct client to the rules the forms apply (issue 19, "Rules the API must
 * enforce itself"): the one name rule, birth dates and the demographics address, each refused
 * with 400 and the spec's words and nothing stored; the spec's 204 for no record.
 */
let app: TestApp;
let patient: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  patient = await createUser(app, 'Patient');
});

afterAll(async () => {
  await app.close();
});

const eventCount = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM es_events`.execute(app.database.db))
      .rows[0]!.n,
  );

const EARLIER = 'The date of birth should be a date earlier than today.';
/** Tomorrow even in UTC+14: today or later everywhere. */
const tomorrowEverywhere = () => new Date(Date.now() + 38 * 3_600_000).toISOString().slice(0, 10);

const signUpBody = (overrides: Record<string, unknown>) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: `rules-${Math.random().toString(36).slice(2)}@example.com`,
  password: sha256('Correct-Horse-9'),
  terms_accepted: true,
  ...overrides,
});

/**
 * Each case answers 400 whose errors carry the spec's message (a nested field's with its path,
 * as 'address.Invalid'), and writes no event.
 */
async function expectRefused(
  send: (body: Record<string, unknown>) => Promise<{ status: number; body: { data: unknown } }>,
  cases: [Record<string, unknown>, string][],
) {
  for (const [body, message] of cases) {
    const before = await eventCount();
    const response = await send(body);
    const errors = (response.body.data as { errors?: string[] } | null)?.errors ?? [];
    const has = errors.some((e) => e === message || /^[a-z_]+\.(.*)$/.exec(e)?.[1] === message);
    expect({ body, status: response.status, has, errors }).toEqual({
      body,
      status: 400,
      has: true,
      errors,
    });
    expect({ body, written: (await eventCount()) - before }).toEqual({ body, written: 0 });
  }
}

const NAME_CASES: [Record<string, unknown>, string][] = [
  [{ first_name: 'A ' }, 'Invalid character length'],
  [{ first_name: 'A' + ' '.repeat(10) + "'" }, 'Invalid character length'],
  [{ last_name: 'L' }, 'Invalid character length'],
  [{ last_name: 'a'.repeat(36) }, 'Invalid character length'],
  [{ first_name: 'Mary--Jane' }, 'Invalid'],
  [{ first_name: 'Jane-' }, 'Invalid'],
  [{ first_name: 'R2D2' }, 'Invalid'],
  [{ first_name: "'Ada" }, 'Invalid'],
  [{ last_name: '   ' }, 'Required'],
];

const BIRTH_DATE_CASES = (): [Record<string, unknown>, string][] => [
  [{ birth_date: tomorrowEverywhere() }, EARLIER],
  [{ birth_date: '2999-01-01' }, EARLIER],
  [{ birth_date: '1990-02-30' }, 'Invalid Date'],
  [{ birth_date: '2027-02-29' }, 'Invalid Date'],
  [{ birth_date: '02/03/1990' }, 'Invalid Date'],
  [{ birth_date: '1899-12-31' }, 'Date of birth cannot be before 01/01/1900.'],
];

describe('sign-up', () => {
  it("refuses names and birth dates outside the rules with 400 and the spec's words, storing nothing", async () => {
    await expectRefused(
      (body) => app.api.post('/api/v1/auth/signup', signUpBody(body)),
      [...NAME_CASES, ...BIRTH_DATE_CASES()],
    );
  });

  it('takes names of any script typed decomposed and stores them composed (NFC) and trimmed', async () => {
    const response = await app.api.post(
      '/api/v1/auth/signup',
      signUpBody({
        first_name: '  Jose\u0301 ',
        last_name: "Zoe\u0308 O'Brien",
        birth_date: '1990-02-03',
      }),
    );
    expect(response.status).toBe(201);
    const { user } = response.body.data as LoginResult;
    expect(user.name.first_name).toBe('José');
    expect(user.name.last_name).toBe("Zoë O'Brien");
    const stored = await sql<{ data: { first_name: string; last_name: string } }>`
      SELECT data FROM es_events WHERE stream_id = ${`user-${user.id}`} ORDER BY stream_revision
      LIMIT 1`.execute(app.database.db);
    expect(stored.rows[0]?.data).toEqual(
      expect.objectContaining({ first_name: 'José', last_name: "Zoë O'Brien" }),
    );
    const cjk = await app.api.post(
      '/api/v1/auth/signup',
      signUpBody({ first_name: '小龙', last_name: '李' }),
    );
    expect(cjk.status).toBe(201);
    const hyphenated = await app.api.post(
      '/api/v1/auth/signup',
      signUpBody({ first_name: 'Mary-Jane', last_name: 'Smith-Jones' }),
    );
    expect(hyphenated.status).toBe(201);
  });
});

describe('family members', () => {
  const path = () => `/api/v1/patients/${patient.userId}/family-members`;

  it("answers the spec's 204 while a patient has no family member, then lists them", async () => {
    const none = await app.api.as(patient).get(path());
    expect(none.status).toBe(204);

    const added = await app.api.as(patient).post(path(), {
      first_name: 'Zoe\u0308',
      last_name: 'Ng O’Hara',
      relationship: 'Child',
      birth_date: '2018-05-01',
    });
    expect(added.status).toBe(201);
    const { position } = added.body.data as { position: number };
    const listed = await app.api.as(patient).get(`${path()}?min_position=${position}`);
    expect(listed.status).toBe(200);
    expect((listed.body.data as FamilyMemberView[]).map((m) => m.full_name)).toEqual([
      'Zoë Ng O’Hara',
    ]);
  });

  it("refuses names and birth dates outside the rules with 400 and the spec's words, storing nothing", async () => {
    await expectRefused(
      (body) =>
        app.api
          .as(patient)
          .post(path(), { first_name: 'Leo', last_name: 'Smith', relationship: 'Child', ...body }),
      [...NAME_CASES, ...BIRTH_DATE_CASES()],
    );
  });
});

describe('demographics', () => {
  const path = () => `/api/v1/patients/${patient.userId}/demographics`;
  const address = (overrides: Record<string, unknown>) => ({
    address: {
      address1: '1 Main St',
      city: 'Newark',
      state: 'NJ',
      zip_code: '07102',
      ...overrides,
    },
  });

  it("refuses addresses, cities and zip codes outside the spec's limits, storing nothing", async () => {
    // Nothing saved yet: the spec's 204, no record.
    expect((await app.api.as(patient).get(path())).status).toBe(204);
    await expectRefused(
      (body) => app.api.as(patient).put(path(), body),
      [
        [address({ address1: 'a'.repeat(51) }), 'Invalid character length'],
        [address({ address2: 'b'.repeat(51) }), 'Invalid character length'],
        [address({ address1: '  ' }), 'Required'],
        [address({ city: 'c'.repeat(31) }), 'Invalid character length'],
        [address({ city: 'Newark 2' }), 'Invalid'],
        [address({ zip_code: '0710' }), 'Invalid character length'],
        [address({ zip_code: '0710212345' }), 'Invalid character length'],
        [address({ zip_code: '07102-1234' }), 'Invalid'],
        [{ birth_date: '1990-02-30' }, 'Invalid Date'],
      ],
    );
  });

  it("refuses a birth date of today or later with the spec's words, storing nothing", async () => {
    for (const birth_date of [tomorrowEverywhere(), '2999-01-01']) {
      const before = await eventCount();
      const response = await app.api.as(patient).put(path(), { birth_date });
      expect({ birth_date, status: response.status, message: response.body.message }).toEqual({
        birth_date,
        status: 400,
        message: EARLIER,
      });
      expect(await eventCount()).toBe(before);
    }
  });

  it('takes the limits themselves: 50, 30, 5 and 9 digits', async () => {
    for (const zip_code of ['07102', '071021234']) {
      const response = await app.api.as(patient).put(
        path(),
        address({
          address1: 'a'.repeat(50),
          address2: 'b'.repeat(50),
          city: 'c'.repeat(30),
          zip_code,
        }),
      );
      expect({ zip_code, status: response.status }).toEqual({ zip_code, status: 200 });
      expect((response.body.data as DemographicsView).address?.zip_code).toBe(zip_code);
    }
  });
});

describe('password update', () => {
  it("answers 400 with the spec's text for a reset that cannot be made (the web goes back to forgot-password)", async () => {
    const response = await app.api.put('/api/v1/auth/reset-password', {
      reset_token: 'not-a-token',
      password: sha256('Another-Horse-9'),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(AUTH_MESSAGES.passwordUpdateFailed);
    const malformed = await app.api.put('/api/v1/auth/reset-password', {
      reset_token: 'not-a-token',
      password: 'plain',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(STATUS_MESSAGES[400]);
  });
});
