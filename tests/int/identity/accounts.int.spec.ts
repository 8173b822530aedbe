import {
  AUTH_MESSAGES,
  type LoginResult,
  type OutboxMessageView,
  STATUS_MESSAGES,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, sha256, signIn } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: "O'Neil",
  email: `grace-${Math.random().toString(36).slice(2)}@example.com`,
  password: sha256('Correct-Horse-9'),
  mobile_number: '+1 555 0109999',
  zip_code: '10001',
  birth_date: '1988-02-29',
  time_zone: 'America/New_York',
  terms_accepted: true,
  ...overrides,
});

const eventCount = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM es_events`.execute(app.database.db))
      .rows[0]!.n,
  );

describe('sign-up', () => {
  it('creates a patient whose user name is the email, stores argon2id, and signs them in', async () => {
    const body = signUpBody();
    const response = await app.api.post('/api/v1/auth/signup', body);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(AUTH_MESSAGES.loggedIn);
    const result = response.body.data as LoginResult;
    expect(result.user).toEqual(
      expect.objectContaining({
        type: 'Patient',
        email: body.email,
        user_roles: ['Patient'],
        practice_id: null,
        dashboard: '/dashboard/patient',
      }),
    );
    expect(result.user.name.full_name).toBe("Grace O'Neil");
    expect(result.user.credentials.user_name).toBe(body.email);
    expect(result.access_token.split('.')).toHaveLength(3);
    expect(result.refresh_token.length).toBeGreaterThan(30);
    expect(result.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await app.database.db
      .selectFrom('auth_credentials')
      .select('password_hash')
      .where('user_id', '=', result.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The secret never enters the append-only log.
    const leaked = await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
      WHERE data::text LIKE ${'%' + body.password + '%'} OR data::text LIKE '%argon2%'`.execute(
      app.database.db,
    );
    expect(Number(leaked.rows[0]!.n)).toBe(0);
  });

  it("answers 409 'Email already in use.' for a taken email, whatever its case, writing nothing", async () => {
    const body = signUpBody();
    expect((await app.api.post('/api/v1/auth/signup', body)).status).toBe(201);
    const before = await eventCount();
    const again = await app.api.post('/api/v1/auth/signup', {
      ...signUpBody(),
      email: body.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(VALIDATION_MESSAGES.emailInUse);
    expect(await eventCount()).toBe(before);
  });

  it('lets only one of two simultaneous sign-ups with one email win', async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all(
      [1, 2, 3].map(() => app.api.post('/api/v1/auth/signup', signUpBody({ email }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['first_name', 'A', VALIDATION_MESSAGES.length],
    ['first_name', 'x'.repeat(36), VALIDATION_MESSAGES.length],
    ['first_name', '', VALIDATION_MESSAGES.required],
    ['last_name', 'R0bert', VALIDATION_MESSAGES.invalid],
    ['email', 'not-an-email', VALIDATION_MESSAGES.invalid],
    ['email', `${'a'.repeat(310)}@example.com`, VALIDATION_MESSAGES.length],
    ['mobile_number', '123456789012345', VALIDATION_MESSAGES.length],
    ['zip_code', '1234', VALIDATION_MESSAGES.length],
    ['zip_code', '1234567890', VALIDATION_MESSAGES.length],
    ['password', 'plain-text-password', VALIDATION_MESSAGES.passwordPattern],
  ])('refuses %s = %j with %j', async (field, value, message) => {
    const before = await eventCount();
    const response = await app.api.post('/api/v1/auth/signup', signUpBody({ [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(STATUS_MESSAGES[400]);
    expect(JSON.stringify(response.body.data)).toContain(message);
    expect(await eventCount()).toBe(before);
  });

  it('refuses unknown fields', async () => {
    const response = await app.api.post('/api/v1/auth/signup', signUpBody({ type: 'SuperUser' }));
    expect(response.status).toBe(400);
  });
});

describe('log in', () => {
  it("answers the spec's fields with 'User Logged in successfully'", async () => {
    const patient = await createUser(app, 'Patient');
    const response = await app.api.post('/api/v1/auth/login', {
      username: patient.email,
      password: patient.password,
      time_zone: 'Europe/Paris',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(AUTH_MESSAGES.loggedIn);
    const data = response.body.data as LoginResult;
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['user', 'access_token', 'refresh_token', 'session_id']),
    );
    expect(data.time_zone).toBe('Europe/Paris');
    expect(Object.keys(data.user)).toEqual(
      expect.arrayContaining([
        'id',
        'type',
        'name',
        'email',
        'user_roles',
        'practice_id',
        'practice_type',
        'birth_date',
        'patient_insurances',
        'credentials',
        'telehealth_enabled',
        'accept_reject_enabled',
        'sms_alerts_consent',
        'profile_picture',
      ]),
    );
  });

  it("answers a wrong password and an unknown user alike: 401 'Invalid Username or password'", async () => {
    const patient = await createUser(app, 'Patient');
    const wrong = await app.api.post('/api/v1/auth/login', {
      username: patient.email,
      password: sha256('wrong'),
    });
    const unknown = await app.api.post('/api/v1/auth/login', {
      username: 'nobody@example.com',
      password: sha256('wrong'),
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(AUTH_MESSAGES.invalidLogin);
    }
  });

  it('gives practice users their practice and their dashboard', async () => {
    const practiceId = '11111111-2222-4333-8444-555555555555';
    const staff = await createUser(app, 'Staff', practiceId);
    expect(staff.login.user.practice_id).toBe(practiceId);
    expect(staff.login.user.dashboard).toBe('/dashboard/practice-staff');
    expect(staff.login.user.permissions).toContain('requests:manage');
  });

  it('records sign-ins and failures in the security audit stream with who and from where', async () => {
    const patient = await createUser(app, 'Patient');
    await app.api.post('/api/v1/auth/login', { username: patient.email, password: sha256('nope') });
    const rows = await sql<{ type: string; data: { user_id: string; ip: string }; actor: string }>`
      SELECT event_type AS type, data, metadata->>'actorId' AS actor FROM es_events
       WHERE stream_id LIKE 'security-%' AND data->>'user_id' = ${patient.userId}
       ORDER BY global_position`.execute(app.database.db);
    expect(rows.rows.map((r) => r.type)).toEqual(['SignedIn', 'SignInFailed']);
    expect(rows.rows[0]!.actor).toBe(patient.userId);
    expect(rows.rows[1]!.data.ip).toBe('127.0.0.1');
  });
});

describe('sessions', () => {
  it('rotates the refresh token on every use and revokes the family when a spent one comes back', async () => {
    const patient = await createUser(app, 'Patient');
    const first = patient.login.refresh_token;
    const refreshed = await app.api.post('/api/v1/auth/refresh?timeZone=Asia/Tokyo', {
      refresh_token: first,
    });
    expect(refreshed.status).toBe(200);
    const second = (refreshed.body.data as LoginResult).refresh_token;
    expect(second).not.toBe(first);
    expect((refreshed.body.data as LoginResult).time_zone).toBe('Asia/Tokyo');
    const newToken = (refreshed.body.data as LoginResult).access_token;
    expect((await app.api.as(newToken).get('/api/v1/users/me')).status).toBe(200);

    const replay = await app.api.post('/api/v1/auth/refresh', { refresh_token: first });
    expect(replay.status).toBe(401);
    // The whole family is gone: the newest token and the access tokens of the session too.
    expect((await app.api.post('/api/v1/auth/refresh', { refresh_token: second })).status).toBe(
      401,
    );
    expect((await app.api.as(newToken).get('/api/v1/users/me')).status).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await signIn(app, patient.email, patient.password);
    expect((await app.api.as(other.access_token).get('/api/v1/users/me')).status).toBe(200);
  });

  it('stores refresh tokens only as hashes', async () => {
    const patient = await createUser(app, 'Patient');
    const rows = await sql<{ token_hash: Buffer }>`SELECT token_hash FROM auth_refresh_tokens
      WHERE session_id = ${patient.login.session_id}`.execute(app.database.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash.toString('base64url')).not.toBe(patient.login.refresh_token);
  });

  it('ends the session on logout, server-side', async () => {
    const patient = await createUser(app, 'Patient');
    const out = await app.api.as(patient).post('/api/v1/auth/logout');
    expect(out.status).toBe(200);
    expect((await app.api.as(patient).get('/api/v1/users/me')).status).toBe(401);
    const refresh = await app.api.post('/api/v1/auth/refresh', {
      refresh_token: patient.login.refresh_token,
    });
    expect(refresh.status).toBe(401);
  });

  it('answers the already-signed-in check with the user and takes the time zone', async () => {
    const patient = await createUser(app, 'Patient');
    const check = await app.api.as(patient).post('/api/v1/auth/check?timeZone=America/Chicago');
    expect(check.status).toBe(200);
    expect((check.body.data as { user: { id: string } }).user.id).toBe(patient.userId);
    const session = await app.database.db
      .selectFrom('auth_sessions')
      .select('time_zone')
      .where('session_id', '=', patient.login.session_id)
      .executeTakeFirstOrThrow();
    expect(session.time_zone).toBe('America/Chicago');
    expect((await app.api.post('/api/v1/auth/check')).status).toBe(401);
    expect((await app.api.as(patient).post('/api/v1/auth/check?timeZone=Not/AZone')).status).toBe(
      400,
    );
  });

  it('refuses a token that is malformed, forged or signed for a guest on personal routes', async () => {
    const patient = await createUser(app, 'Patient');
    const [header, payload] = patient.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const authorization of ['Bearer nonsense', `Bearer ${forged}`, patient.token]) {
      const response = await app.api.get('/api/v1/users/me', { authorization });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(STATUS_MESSAGES[401]);
    }
    const guest = await app.api.post('/api/v1/auth/guest', {});
    const guestToken = (guest.body.data as { access_token: string }).access_token;
    expect((await app.api.as(guestToken).get('/api/v1/users/me')).status).toBe(401);
  });

  it('disabling a user ends their sessions; they cannot sign in again until enabled', async () => {
    const superUser = await createUser(app, 'SuperUser');
    const patient = await createUser(app, 'Patient');
    const disabled = await app.api
      .as(superUser)
      .put(`/api/v1/users/${patient.userId}/status`, { disabled: true });
    expect(disabled.status).toBe(200);
    // Disabling again changes nothing and is no error.
    const again = await app.api
      .as(superUser)
      .put(`/api/v1/users/${patient.userId}/status`, { disabled: true });
    expect(again.status).toBe(200);
    expect((await app.api.as(patient).get('/api/v1/users/me')).status).toBe(401);
    const refused = await app.api.post('/api/v1/auth/login', {
      username: patient.email,
      password: patient.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTH_MESSAGES.accountDisabled);
    await app.api.as(superUser).put(`/api/v1/users/${patient.userId}/status`, { disabled: false });
    expect((await signIn(app, patient.email, patient.password)).user.disabled).toBe(false);
  });
});

describe('login throttling', () => {
  it('answers 429 with a clear text after too many failures for one account, even with the right password', async () => {
    const throttled = await startTestApp({ config: { loginFailuresPerAccountHour: 5 } });
    try {
      const patient = await createUser(throttled, 'Patient');
      for (let i = 0; i < 5; i += 1) {
        const response = await throttled.api.post('/api/v1/auth/login', {
          username: patient.email,
          password: sha256(`guess ${i}`),
        });
        expect(response.status).toBe(401);
      }
      const blocked = await throttled.api.post('/api/v1/auth/login', {
        username: patient.email,
        password: patient.password,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    } finally {
      await throttled.close();
    }
  });
});

describe('password reset', () => {
  const latestCode = async (to: string, channel: 'email' | 'sms' = 'email') => {
    const outbox = (await app.api.get('/api/v1/dev/outbox')).body.data as OutboxMessageView[];
    const message = outbox.find((m) => m.recipient === to && m.channel === channel);
    return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? null;
  };

  it('sends a code by email, verifies it once, resets the password and signs in with the new one', async () => {
    const patient = await createUser(app, 'Patient');
    const asked = await app.api.post('/api/v1/auth/forgot-password', { email: patient.email });
    expect(asked.status).toBe(200);
    const code = await latestCode(patient.email);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await app.api.post('/api/v1/auth/verify-code', { email: patient.email, code });
    expect(verified.status).toBe(200);
    const { reset_token } = verified.body.data as { reset_token: string };
    // Single use: the same code does not verify twice.
    expect(
      (await app.api.post('/api/v1/auth/verify-code', { email: patient.email, code })).status,
    ).toBe(400);

    const same = await app.api.put('/api/v1/auth/reset-password', {
      reset_token,
      password: patient.password,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(VALIDATION_MESSAGES.passwordsMustDiffer);

    const newPassword = sha256('A-brand-new-one-1');
    const reset = await app.api.put('/api/v1/auth/reset-password', {
      reset_token,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(AUTH_MESSAGES.passwordUpdated);
    // Old sessions end; the old password no longer works; the new one does.
    expect((await app.api.as(patient).get('/api/v1/users/me')).status).toBe(401);
    expect(
      (
        await app.api.post('/api/v1/auth/login', {
          username: patient.email,
          password: patient.password,
        })
      ).status,
    ).toBe(401);
    expect((await signIn(app, patient.email, newPassword)).user.id).toBe(patient.userId);

    const reused = await app.api.put('/api/v1/auth/reset-password', {
      reset_token,
      password: sha256('Yet-another-2'),
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(AUTH_MESSAGES.passwordUpdateFailed);
  });

  it('gives known and unknown emails the same status and body, and takes at least the same floor', async () => {
    const patient = await createUser(app, 'Patient');
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await app.api.post('/api/v1/auth/forgot-password', { email });
      return { response, ms: performance.now() - started };
    };
    const known = await timed(patient.email);
    const unknown = await timed('no-such-person@example.com');
    expect(unknown.response.status).toBe(known.response.status);
    expect(unknown.response.body).toEqual(known.response.body);
    const floor = 400; // ACCOUNT_LOOKUP_MIN_MS: both wait for it, so neither answers early.
    expect(known.ms).toBeGreaterThanOrEqual(floor - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(floor - 5);
  });

  it('stops accepting guesses after five wrong codes', async () => {
    const patient = await createUser(app, 'Patient');
    await app.api.post('/api/v1/auth/forgot-password', { email: patient.email });
    const code = (await latestCode(patient.email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        (await app.api.post('/api/v1/auth/verify-code', { email: patient.email, code: wrong })).body
          .message,
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(AUTH_MESSAGES.invalidOtp));
    expect(answers[4]).toBe(AUTH_MESSAGES.tooManyCodeAttempts);
    const right = await app.api.post('/api/v1/auth/verify-code', { email: patient.email, code });
    expect(right.status).toBe(400);
  });

  it('expires codes after 15 minutes', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const clocked = await startTestApp({ clock: { now: () => now } });
    try {
      const patient = await createUser(clocked, 'Patient');
      await clocked.api.post('/api/v1/auth/forgot-password', { email: patient.email });
      const outbox = (await clocked.api.get('/api/v1/dev/outbox')).body.data as OutboxMessageView[];
      const code = /\b(\d{6})\b/.exec(outbox[0]!.body)![1];
      now = new Date('2026-11-23T10:15:01Z');
      const late = await clocked.api.post('/api/v1/auth/verify-code', {
        email: patient.email,
        code,
      });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(AUTH_MESSAGES.invalidOtp);
    } finally {
      await clocked.close();
    }
  });
});

describe('SMS verification', () => {
  it("verifies the patient's mobile with a code; a wrong code is 'You entered an invalid otp code'", async () => {
    const patient = await createUser(app, 'Patient');
    const sent = await app.api
      .as(patient)
      .post('/api/v1/auth/sms/send', { mobile_number: '+15550100123' });
    expect(sent.status).toBe(200);
    const outbox = (await app.api.get('/api/v1/dev/outbox')).body.data as OutboxMessageView[];
    const sms = outbox.find((m) => m.channel === 'sms' && m.recipient === '+15550100123')!;
    const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
    const wrong = await app.api
      .as(patient)
      .post('/api/v1/auth/sms/verify', { code: code === '000000' ? '999999' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.invalidOtp);
    const right = await app.api.as(patient).post('/api/v1/auth/sms/verify', { code });
    expect(right.status).toBe(200);
    const me = (await app.api.as(patient).get('/api/v1/users/me')).body.data as {
      credentials: { is_mobile_verified: boolean; mobile_number: string };
    };
    expect(me.credentials).toEqual(
      expect.objectContaining({ is_mobile_verified: true, mobile_number: '+15550100123' }),
    );
  });

  it('stores the sms consents', async () => {
    const patient = await createUser(app, 'Patient');
    const changed = await app.api
      .as(patient)
      .put('/api/v1/auth/sms/consents', { sms_alerts_consent: true, otp_consent: true });
    expect(changed.status).toBe(200);
    const me = (await app.api.as(patient).get('/api/v1/users/me')).body.data as {
      sms_alerts_consent: boolean;
      otp_consent: boolean;
    };
    expect(me).toEqual(expect.objectContaining({ sms_alerts_consent: true, otp_consent: true }));
  });
});

describe('family members', () => {
  it('lets a patient add and list family members, projected for reading', async () => {
    const patient = await createUser(app, 'Patient');
    const added = await app.api
      .as(patient)
      .post(`/api/v1/patients/${patient.userId}/family-members`, {
        first_name: 'Leo',
        last_name: 'Smith',
        relationship: 'Child',
        birth_date: '2018-05-01',
      });
    expect(added.status).toBe(201);
    const { id, position } = added.body.data as { id: string; position: number };
    const listed = await app.api
      .as(patient)
      .get(`/api/v1/patients/${patient.userId}/family-members?min_position=${position}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id, relationship: 'Child', full_name: 'Leo Smith' }),
    ]);
  });

  it("keeps other patients out of a patient's family", async () => {
    const patient = await createUser(app, 'Patient');
    const other = await createUser(app, 'Patient');
    const path = `/api/v1/patients/${patient.userId}/family-members`;
    expect((await app.api.as(other).get(path)).status).toBe(403);
    const write = await app.api
      .as(other)
      .post(path, { first_name: 'Eve', last_name: 'Intruder', relationship: 'Other' });
    expect(write.status).toBe(403);
  });
});

describe('outbox and headers', () => {
  it('hides the outbox in production', async () => {
    const production = await startTestApp({ config: { env: 'production' } });
    try {
      expect((await production.api.get('/api/v1/dev/outbox')).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('opens the outbox only to this machine, and never when the server listens beyond it', async () => {
    expect((await app.api.get('/api/v1/dev/outbox')).status).toBe(200);
    // A request a proxy forwarded came from elsewhere, whatever the socket's address.
    const forwarded = await fetch(`${app.url}/api/v1/dev/outbox`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.status).toBe(404);
    const exposed = await startTestApp({ config: { host: '0.0.0.0' } });
    try {
      expect((await exposed.api.get('/api/v1/dev/outbox')).status).toBe(404);
    } finally {
      await exposed.close();
    }
  });

  it('sends helmet headers and no-store on API answers', async () => {
    const patient = await createUser(app, 'Patient');
    const response = await app.api.as(patient).get('/api/v1/users/me');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers CORS preflights only for allowed origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${app.url}/api/v1/auth/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight(app.url);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(app.url);
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
