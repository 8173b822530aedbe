// The plain CRUD booking server `npm run bench:booking` measures beside the API (issue 21): what a
// conventional booking system does per booking, on the same PostgreSQL, in a process of its own.
// node:http, postgres.js with a pool of 10, the API's access-token check (jose HS256 with the
// API's key, each token verified once and remembered until it expires; the session looked up at
// most once a second, as the API does), then one transaction: a conditional UPDATE of the slot's
// count, the appointment's INSERT and an audit row's INSERT. Its tables are its own (crud_*),
// created on start; the bench fills crud_slots before each round (a CRUD system keeps a row per
// slot from the calendar's creation). POST /api/v1/appointments with the API's body and answers.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { jwtVerify } from 'jose';
import postgres from 'postgres';

const sql = postgres(process.env.CRUD_DATABASE_URL!, {
  max: 10,
  onnotice: () => undefined,
  connection: { application_name: 'crud-bench' },
});
const verified = new Map<string, { userId: string; sessionId: string; expiresAtMs: number }>();
const sessions = new Map<string, { open: boolean; checkedAt: number }>();
let key: Uint8Array;

async function caller(header: string | undefined) {
  const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (!token) return null;
  let known = verified.get(token);
  if (!known || known.expiresAtMs <= Date.now()) {
    const { payload } = await jwtVerify(token, key, { issuer: 'medbook', algorithms: ['HS256'] });
    if (!payload.sub || typeof payload.sid !== 'string' || payload.aud !== undefined) return null;
    known = { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp! * 1000 };
    verified.set(token, known);
  }
  const session = sessions.get(known.sessionId);
  if (!session || performance.now() - session.checkedAt > 1000) {
    const [row] = await sql`SELECT 1 FROM auth_sessions WHERE session_id = ${known.sessionId}
      AND revoked_at IS NULL AND expires_at > now()`;
    sessions.set(known.sessionId, { open: !!row, checkedAt: performance.now() });
    if (!row) return null;
  } else if (!session.open) return null;
  return known.userId;
}

async function book(userId: string, body: Record<string, string>): Promise<[number, unknown]> {
  const { calendar_id: calendarId, start_date: start, patient_id: patientId } = body;
  if (!calendarId || !start || Number.isNaN(Date.parse(start))) return [400, 'Invalid booking'];
  const appointmentId = randomUUID();
  return sql.begin(async (tx): Promise<[number, unknown]> => {
    const [slot] = await tx<{ id: string }[]>`UPDATE crud_slots SET booked = booked + 1
      WHERE calendar_id = ${calendarId} AND start_at = ${start} AND booked < capacity RETURNING id`;
    if (!slot) return [409, 'This time is no longer available.'];
    await tx`INSERT INTO crud_appointments (id, slot_id, patient_id, booked_by, status)
      VALUES (${appointmentId}, ${slot.id}, ${patientId ?? userId}, ${userId}, 'Scheduled')`;
    await tx`INSERT INTO crud_audit (actor_id, action, entity_id, details)
      VALUES (${userId}, 'AppointmentBooked', ${appointmentId}, ${tx.json({ calendar_id: calendarId, start_date: start })})`;
    return [201, { appointment_id: appointmentId, status: 'Scheduled', position: null }];
  });
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const reply = ([status, data]: [number, unknown]) => {
      const ok = status < 300;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: ok ? data : null, message: ok ? 'Booked' : data }));
    };
    if (req.method !== 'POST' || req.url !== '/api/v1/appointments')
      return reply([404, 'Not found']);
    void caller(req.headers.authorization)
      .then((userId) =>
        userId
          ? book(userId, JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>)
          : ([401, 'Unauthorized'] as [number, unknown]),
      )
      .catch((error: unknown): [number, unknown] => [500, String(error)])
      .then(reply);
  });
});

// Fastify's defaults, as the API has them: idle kept-alive connections stay 72 s (Node's 5 s
// closed sockets the load generator was reusing), no limit on a request's time.
server.keepAliveTimeout = 72_000;
server.requestTimeout = 0;

async function start() {
  await sql`CREATE TABLE IF NOT EXISTS crud_slots (id bigserial PRIMARY KEY, calendar_id uuid NOT NULL,
    start_at timestamptz NOT NULL, capacity int NOT NULL, booked int NOT NULL DEFAULT 0,
    UNIQUE (calendar_id, start_at))`;
  await sql`CREATE TABLE IF NOT EXISTS crud_appointments (id uuid PRIMARY KEY,
    slot_id bigint NOT NULL REFERENCES crud_slots, patient_id uuid NOT NULL, booked_by uuid NOT NULL,
    status text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`;
  await sql`CREATE INDEX IF NOT EXISTS crud_appointments_patient ON crud_appointments (patient_id)`;
  await sql`CREATE INDEX IF NOT EXISTS crud_appointments_slot ON crud_appointments (slot_id)`;
  await sql`CREATE TABLE IF NOT EXISTS crud_audit (id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(), actor_id uuid NOT NULL, action text NOT NULL,
    entity_id uuid NOT NULL, details jsonb NOT NULL)`;
  const [row] = await sql`SELECT secret FROM auth_keys WHERE kid = 'access-v1'`;
  key = new Uint8Array(row!.secret as Buffer);
  server.listen(0, '127.0.0.1', 4096, () => {
    const address = server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  });
}

process.on('disconnect', () => {
  server.close();
  void sql.end({ timeout: 2 }).then(() => process.exit(0));
});
start().catch((error: unknown) => {
  process.stderr.write(
    `CRUD server failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
