// The log of `npm run bench:replay`: a practice's day of work driven through the real API (its
// deciders wrote every event), then copied with fresh ids (every UUID and email of a copy mapped
// to its own) until the log is as long as asked: many practices, each as busy as the first.
import { createHash } from 'node:crypto';
import { APPOINTMENT_STATUSES, type BookingResult } from '@medbook/contracts';
import type { EventStore, NewEvent, RecordedEvent, StreamAppend } from '@medbook/event-store';
import { DateTime } from 'luxon';
import { createUser, registerPatient, type TestUser } from '../support/accounts';
import { createCalendar, createPractice, week } from '../support/scheduling';
import type { TestApp } from '../support/test-app';

/** Commands of each kind in the first practice's day, by weight. */
const WEIGHTS = {
  patientBooks: 30,
  staffBooks: 10,
  cancels: 14,
  changesStatus: 14,
  walksIn: 12,
  joinsWaitlist: 8,
  changesCalendar: 5,
  holdsThenLets: 7,
} as const;

type Kind = keyof typeof WEIGHTS;

let seed = 7;
/** A small seeded generator: every run drives the same day. */
function pick(n: number): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
}
const oneOf = <T>(items: readonly T[]): T => items[pick(items.length)]!;

/** Sends `commands` commands of the kinds above through the API; answers what they were. */
export async function driveOnePractice(
  app: TestApp,
  commands: number,
): Promise<Record<string, number>> {
  const practice = await createPractice(app);
  const patients: TestUser[] = await Promise.all(
    Array.from({ length: 6 }, () => createUser(app, 'Patient')),
  );
  const calendars: string[] = [];
  const starts = new Map<string, string[]>();
  for (const settings of [
    { booking_capacity: 2, wait_list_enabled: true },
    { booking_capacity: 1, accept_reject_enabled: true },
    { booking_capacity: 3 },
  ]) {
    const { calendarId, position } = await createCalendar(app, practice, settings);
    calendars.push(calendarId);
    const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
    const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
    starts.set(
      calendarId,
      view.days.flatMap((day) => day.time_slots.map((slot) => slot.start_date)),
    );
  }
  const appointments: string[] = [];
  const booked = (status: number, body: unknown) => {
    if (status === 201) appointments.push((body as { data: BookingResult }).data.appointment_id);
    return status;
  };
  const actions: Record<Kind, () => Promise<number>> = {
    patientBooks: async () => {
      const calendarId = oneOf(calendars);
      const r = await app.api.as(oneOf(patients)).post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: oneOf(starts.get(calendarId)!),
        reason: 'Check-up',
      });
      return booked(r.status, r.body);
    },
    staffBooks: async () => {
      const calendarId = oneOf(calendars);
      const r = await app.api.as(practice.staff).post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: oneOf(starts.get(calendarId)!),
        patient_id: await registerPatient(app),
      });
      return booked(r.status, r.body);
    },
    cancels: async () => {
      if (appointments.length === 0) return 0;
      const r = await app.api
        .as(practice.admin)
        .delete(`/api/v1/appointments/${oneOf(appointments)}`, { reason: 'Plans changed' });
      return r.status;
    },
    changesStatus: async () => {
      if (appointments.length === 0) return 0;
      const r = await app.api
        .as(practice.staff)
        .put(`/api/v1/appointments/${oneOf(appointments)}/status`, {
          status: oneOf(APPOINTMENT_STATUSES),
        });
      return r.status;
    },
    walksIn: async () => {
      const r = await app.api
        .as(oneOf(patients))
        .post('/api/v1/appointments/walk-in', { calendar_id: oneOf(calendars) });
      return booked(r.status, r.body);
    },
    joinsWaitlist: async () => {
      const r = await app.api
        .as(oneOf(patients))
        .post('/api/v1/waitlist', { calendar_id: oneOf(calendars) });
      return r.status;
    },
    changesCalendar: async () => {
      const r = await app.api
        .as(practice.admin)
        .put(`/api/v1/calendars/${oneOf(calendars)}`, { booking_capacity: 1 + pick(3) });
      return r.status;
    },
    holdsThenLets: async () => {
      const calendarId = oneOf(calendars);
      const patient = oneOf(patients);
      const held = await app.api.as(patient).put(`/api/v1/calendars/${calendarId}/slots/hold`, {
        start_date: oneOf(starts.get(calendarId)!),
      });
      if (held.status !== 200 && held.status !== 201) return held.status;
      const { hold_id: holdId, start_date: start } = (
        held.body as { data: { hold_id: string; start_date: string } }
      ).data;
      const ended = await app.api
        .as(patient)
        .delete(`/api/v1/calendars/${calendarId}/slots/hold/${holdId}`, { start_date: start });
      return ended.status;
    },
  };
  const kinds = Object.entries(WEIGHTS).flatMap(([kind, weight]) =>
    Array.from({ length: weight }, () => kind as Kind),
  );
  const answered: Record<string, number> = {};
  for (let n = 0; n < commands; n += 1) {
    const kind = oneOf(kinds);
    const status = await actions[kind]();
    if (status >= 500) throw new Error(`${kind} answered ${status}`);
    answered[`${kind} ${status}`] = (answered[`${kind} ${status}`] ?? 0) + 1;
  }
  return answered;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /([A-Za-z0-9._%+-]+)@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** The copy's own id for an id of the original: the same every time within the copy. */
function copyId(id: string, copy: number): string {
  const hex = createHash('sha256').update(`${copy}:${id.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function rewrite(text: string, copy: number): string {
  return text
    .replace(UUID, (id) => copyId(id, copy))
    .replace(EMAIL, (_, local: string, domain: string) => `${local}.c${copy}@${domain}`);
}

/**
 * Appends copies of `original` (each with its own ids and emails, in the original's order) until
 * the log holds at least `target` events. Consecutive events of distinct streams go in one append.
 */
export async function copyUntil(
  store: EventStore,
  original: readonly RecordedEvent[],
  target: number,
  logLength: number,
): Promise<number> {
  let length = logLength;
  let copy = Math.ceil(logLength / original.length);
  while (length < target) {
    let appends: StreamAppend[] = [];
    const flush = async () => {
      if (appends.length > 0) await store.appendToStreams(appends);
      appends = [];
    };
    for (const event of original) {
      const streamId = rewrite(event.streamId, copy);
      if (appends.some((a) => a.streamId === streamId)) await flush();
      const fresh: NewEvent = JSON.parse(
        rewrite(
          JSON.stringify({
            id: event.id,
            type: event.type,
            data: event.data,
            metadata: event.metadata,
          }),
          copy,
        ),
      ) as NewEvent;
      appends.push({ streamId, events: [fresh], expectedRevision: 'any' });
    }
    await flush();
    length += original.length;
    copy += 1;
  }
  return length;
}
