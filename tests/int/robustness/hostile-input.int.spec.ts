import { randomUUID } from 'node:crypto';
import { type Envelope, STATUS_MESSAGES } from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Text as people type it and as attackers send it: NUL and other control characters are refused
 * with 400 in the envelope (they gave 500 before, or reached the log), in bodies, query strings
 * and path parameters; decomposed Unicode is stored composed (NFC); surrounding spaces do not
 * count towards a length; JSON nested deeper than 32 levels is refused.
 */
let app: TestApp;
let superUser: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

async function send(method: string, path: string, body?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...superUser.auth },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<unknown> };
}

const eventCount = async () =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM es_events WHERE stream_id NOT LIKE 'security-%'`.execute(
        app.database.db,
      )
    ).rows[0]!.n,
  );

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

it.each(CONTROL.map((c) => [`U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`, c]))(
  'refuses %s in a body, a query string and a path parameter with 400',
  async (_, control) => {
    const inBody = await send(
      'POST',
      '/api/v1/practices',
      JSON.stringify({ name: `Clinic${control}Name`, time_zone: 'UTC' }),
    );
    expect(inBody.status).toBe(400);
    expect(inBody.body.message).toBe(STATUS_MESSAGES[400]);
    const inQuery = await send(
      'POST',
      `/api/v1/auth/check?time_zone=${encodeURIComponent(`UTC${control}`)}`,
    );
    expect(inQuery.status).toBe(400);
    const inPath = await send('GET', `/api/v1/practices/${encodeURIComponent(`x${control}`)}`);
    expect(inPath.status).toBe(400);
  },
);

it('refuses a lone UTF-16 surrogate (not a character; PostgreSQL cannot store it) with 400 and writes nothing', async () => {
  const before = await eventCount();
  // JSON.stringify keeps a lone surrogate as the escape \ud800, exactly as an attacker sends it.
  const lone = await send(
    'POST',
    '/api/v1/practices',
    JSON.stringify({ name: 'Clinic \ud800', time_zone: 'UTC' }),
  );
  expect(lone.status).toBe(400);
  expect(lone.body.message).toBe(STATUS_MESSAGES[400]);
  const inQuery = await send('POST', `/api/v1/auth/check?time_zone=UTC%ED%A0%80`);
  expect(inQuery.status).toBeLessThan(500);
  expect(await eventCount()).toBe(before);
  // A well-formed pair (an emoji) is text like any other.
  const pair = await send(
    'POST',
    '/api/v1/practices',
    JSON.stringify({ name: 'Clinic \ud83c\udf3f', time_zone: 'UTC' }),
  );
  expect(pair.status).toBe(201);
});

it('stores a name typed in decomposed Unicode composed, trimmed', async () => {
  const decomposed = '  Cli\u0301nica Sa\u0303o Jose\u0301  ';
  const created = await send(
    'POST',
    '/api/v1/practices',
    JSON.stringify({ name: decomposed, time_zone: 'UTC' }),
  );
  expect(created.status).toBe(201);
  const { id } = created.body.data as { id: string };
  let name: string | undefined;
  for (let tries = 0; tries < 100 && name === undefined; tries++) {
    const read = await send('GET', `/api/v1/practices/${id}`);
    if (read.status === 200) name = (read.body.data as { name: string }).name;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(name).toBe('Clínica São José');
  expect(name).toBe(name!.normalize('NFC'));
});

it('refuses JSON nested deeper than 32 levels with 400, and a sane depth is judged on its fields', async () => {
  const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
  const refused = await send('POST', '/api/v1/practices', deep);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(STATUS_MESSAGES[400]);
  const veryDeep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  expect((await send('POST', '/api/v1/practices', veryDeep)).status).toBe(400);
});

describe('dates that do not exist', () => {
  it('refuses an impossible date in a calendar, a week query and a birth date in the future', async () => {
    const practice = await createPractice(app);
    const { calendarId, position } = await createCalendar(app, practice);
    for (const day of ['2026-02-30', '2026-13-01', '2026-00-10', '2027-02-29']) {
      const week = await fetch(`${app.url}/api/v1/calendars/${calendarId}/week?start_date=${day}`);
      expect({ day, status: week.status }).toEqual({ day, status: 400 });
      const changed = await app.api
        .as(practice.admin)
        .post(`/api/v1/practices/${practice.practiceId}/calendars`, {
          name: 'Bad dates',
          provider_id: practice.provider.userId,
          facility_id: randomUUID(),
          time_zone: 'America/New_York',
          visit_type: 'Office',
          first_hour: 8,
          last_hour: 17,
          time_step: 30,
          working_days: [1, 2, 3, 4, 5],
          date_from: day,
          booking_capacity: 1,
        });
      expect({ day, status: changed.status }).toEqual({ day, status: 400 });
    }
    // A real date is judged on its merits (within the scroller's reach).
    const today = new Date().toISOString().slice(0, 10);
    const real = await fetch(
      `${app.url}/api/v1/calendars/${calendarId}/week?start_date=${today}&min_position=${position}`,
    );
    expect(real.status).toBe(200);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const signup = await fetch(`${app.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `future-${randomUUID().slice(0, 8)}@example.com`,
        password: 'a'.repeat(64),
        first_name: 'Future',
        last_name: 'Born',
        birth_date: future,
        terms_accepted: true,
      }),
    });
    expect(signup.status).toBe(400);
  });
});
