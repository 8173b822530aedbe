import type { RecordedEvent } from '@medbook/event-store';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import { rowsInsert, updating } from '../../../infra/projections/bulk-rows';
import type { AppointmentFacts, CalendarFacts, UserFacts } from '../practice-audit.describe';

type Data = Record<string, unknown>;

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/**
 * The practice trail's own lookups of appointments, calendars and users: read and kept as it
 * tells each event. An id already known is never added again (the first event that named it wins).
 */
export interface Lookups {
  appointment(id: string): Promise<AppointmentFacts | null>;
  calendar(id: string): Promise<CalendarFacts | null>;
  user(id: string): Promise<UserFacts | null>;
  addAppointment(id: string, facts: AppointmentFacts): Promise<void>;
  moveAppointment(id: string, startDate: string): Promise<void>;
  addCalendar(id: string, facts: CalendarFacts): Promise<void>;
  changeCalendar(id: string, settings: Data): Promise<void>;
  addUser(id: string, facts: UserFacts): Promise<void>;
  changeUser(id: string, change: Pick<UserFacts, 'type' | 'practice_id'>): Promise<void>;
}

const json = (value: unknown) => sql<string>`${JSON.stringify(value)}::text::jsonb`;

/** Each read and write a statement of its own: one event at a time. */
export function storedLookups(trx: Transaction<DB>): Lookups {
  return {
    appointment: async (id) => {
      const row = await trx
        .selectFrom('rm_practice_audit_appointments')
        .selectAll()
        .where('appointment_id', '=', id)
        .executeTakeFirst();
      return row ? { ...row, start_date: iso(row.start_date) } : null;
    },
    calendar: async (id) => {
      const row = await trx
        .selectFrom('rm_practice_audit_calendars')
        .selectAll()
        .where('calendar_id', '=', id)
        .executeTakeFirst();
      return row ? { practice_id: row.practice_id, settings: row.settings as Data } : null;
    },
    user: async (id) =>
      (await trx
        .selectFrom('rm_practice_audit_users')
        .select(['practice_id', 'name', 'type'])
        .where('user_id', '=', id)
        .executeTakeFirst()) ?? null,
    addAppointment: async (id, facts) => {
      await trx
        .insertInto('rm_practice_audit_appointments')
        .values({ ...facts, appointment_id: id })
        .onConflict((oc) => oc.column('appointment_id').doNothing())
        .execute();
    },
    moveAppointment: async (id, startDate) => {
      await trx
        .updateTable('rm_practice_audit_appointments')
        .set({ start_date: startDate })
        .where('appointment_id', '=', id)
        .execute();
    },
    addCalendar: async (id, facts) => {
      await trx
        .insertInto('rm_practice_audit_calendars')
        .values({ calendar_id: id, practice_id: facts.practice_id, settings: json(facts.settings) })
        .onConflict((oc) => oc.column('calendar_id').doNothing())
        .execute();
    },
    changeCalendar: async (id, settings) => {
      await trx
        .updateTable('rm_practice_audit_calendars')
        .set({ settings: json(settings) })
        .where('calendar_id', '=', id)
        .execute();
    },
    addUser: async (id, facts) => {
      await trx
        .insertInto('rm_practice_audit_users')
        .values({ ...facts, user_id: id })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    changeUser: async (id, change) => {
      await trx
        .updateTable('rm_practice_audit_users')
        .set(change)
        .where('user_id', '=', id)
        .execute();
    },
  };
}

/**
 * A batch's lookups: those its events name read in one statement per table up front, kept in
 * memory while the batch is told, and the ones it changed written back in a few multi-row upserts.
 */
export class BatchLookups implements Lookups {
  private readonly appointments = new Map<string, AppointmentFacts>();
  private readonly calendars = new Map<string, CalendarFacts>();
  private readonly users = new Map<string, UserFacts>();
  private readonly changed = {
    appointments: new Set<string>(),
    calendars: new Set<string>(),
    users: new Set<string>(),
  };

  private constructor(private readonly trx: Transaction<DB>) {}

  static async read(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<BatchLookups> {
    const lookups = new BatchLookups(trx);
    const ids = {
      appointments: new Set<string>(),
      calendars: new Set<string>(),
      users: new Set<string>(),
    };
    for (const { type, data } of events) {
      const d = data as Data;
      if (typeof d.appointment_id === 'string') ids.appointments.add(d.appointment_id);
      if (typeof d.calendar_id === 'string') ids.calendars.add(d.calendar_id);
      if (type.startsWith('User') && typeof d.user_id === 'string') ids.users.add(d.user_id);
    }
    if (ids.appointments.size + ids.calendars.size + ids.users.size === 0) return lookups;
    // The three tables in one statement (one round trip), each one's rows as a JSON array.
    const { rows } = await sql<{
      appointments: (Omit<AppointmentFacts, 'start_date'> & {
        appointment_id: string;
        start_date: string;
      })[];
      calendars: { calendar_id: string; practice_id: string; settings: Data }[];
      users: (UserFacts & { user_id: string })[];
    }>`SELECT
         (SELECT coalesce(json_agg(a), '[]') FROM rm_practice_audit_appointments a
           WHERE appointment_id = ANY(${[...ids.appointments]}::uuid[])) AS appointments,
         (SELECT coalesce(json_agg(c), '[]') FROM rm_practice_audit_calendars c
           WHERE calendar_id = ANY(${[...ids.calendars]}::uuid[])) AS calendars,
         (SELECT coalesce(json_agg(u), '[]') FROM rm_practice_audit_users u
           WHERE user_id = ANY(${[...ids.users]}::uuid[])) AS users`.execute(trx);
    const [found] = rows;
    if (!found) return lookups;
    const { appointments, calendars, users } = found;
    for (const { appointment_id: id, ...row } of appointments) {
      lookups.appointments.set(id, { ...row, start_date: iso(row.start_date) });
    }
    for (const row of calendars) {
      lookups.calendars.set(row.calendar_id, {
        practice_id: row.practice_id,
        settings: row.settings,
      });
    }
    for (const { user_id: id, ...row } of users) lookups.users.set(id, row);
    return lookups;
  }

  appointment = (id: string) => Promise.resolve(this.appointments.get(id) ?? null);
  calendar = (id: string) => Promise.resolve(this.calendars.get(id) ?? null);
  user = (id: string) => Promise.resolve(this.users.get(id) ?? null);

  addAppointment(id: string, facts: AppointmentFacts): Promise<void> {
    if (!this.appointments.has(id)) {
      this.appointments.set(id, { ...facts, start_date: iso(facts.start_date) });
      this.changed.appointments.add(id);
    }
    return Promise.resolve();
  }

  moveAppointment(id: string, startDate: string): Promise<void> {
    const known = this.appointments.get(id);
    if (known) {
      this.appointments.set(id, { ...known, start_date: iso(startDate) });
      this.changed.appointments.add(id);
    }
    return Promise.resolve();
  }

  addCalendar(id: string, facts: CalendarFacts): Promise<void> {
    if (!this.calendars.has(id)) {
      this.calendars.set(id, { ...facts, settings: asJsonb(facts.settings) as Data });
      this.changed.calendars.add(id);
    }
    return Promise.resolve();
  }

  changeCalendar(id: string, settings: Data): Promise<void> {
    const known = this.calendars.get(id);
    if (known) {
      this.calendars.set(id, { ...known, settings: asJsonb(settings) as Data });
      this.changed.calendars.add(id);
    }
    return Promise.resolve();
  }

  addUser(id: string, facts: UserFacts): Promise<void> {
    if (!this.users.has(id)) {
      this.users.set(id, facts);
      this.changed.users.add(id);
    }
    return Promise.resolve();
  }

  changeUser(id: string, change: Pick<UserFacts, 'type' | 'practice_id'>): Promise<void> {
    const known = this.users.get(id);
    if (known) {
      this.users.set(id, { ...known, ...change });
      this.changed.users.add(id);
    }
    return Promise.resolve();
  }

  /** What the batch changed, as it stands after the batch: an insert a table, to send. */
  writes(): RawBuilder<unknown>[] {
    const appointments = [...this.changed.appointments].map((id) => ({
      ...this.appointments.get(id)!,
      appointment_id: id,
    }));
    const calendars = [...this.changed.calendars].map((id) => ({
      ...this.calendars.get(id)!,
      calendar_id: id,
    }));
    const users = [...this.changed.users].map((id) => ({ ...this.users.get(id)!, user_id: id }));
    return [
      rowsInsert(
        'rm_practice_audit_appointments',
        {
          appointment_id: 'uuid',
          practice_id: 'uuid',
          patient_id: 'uuid',
          calendar_id: 'uuid',
          start_date: 'timestamptz',
          time_zone: 'text',
        },
        appointments,
        updating(
          ['appointment_id'],
          ['practice_id', 'patient_id', 'calendar_id', 'start_date', 'time_zone'],
        ),
      ),
      rowsInsert(
        'rm_practice_audit_calendars',
        { calendar_id: 'uuid', practice_id: 'uuid', settings: 'jsonb' },
        calendars,
        updating(['calendar_id'], ['practice_id', 'settings']),
      ),
      rowsInsert(
        'rm_practice_audit_users',
        { user_id: 'uuid', practice_id: 'uuid', name: 'text', type: 'text' },
        users,
        updating(['user_id'], ['practice_id', 'name', 'type']),
      ),
    ];
  }
}

/**
 * A value as it comes back from a jsonb column (objects' keys by length, then bytes): settings
 * kept in memory read as those stored and read back event by event would.
 */
function asJsonb(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonb);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Data).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a.length !== b.length ? a.length - b.length : byBytes(a, b)));
  return Object.fromEntries(entries.map(([k, v]) => [k, asJsonb(v)]));
}

const BEYOND_ASCII = /[\u0080-\uffff]/;

/** Two keys in the order of their UTF-8 bytes: for ASCII, the strings' own order. */
function byBytes(a: string, b: string): number {
  if (!BEYOND_ASCII.test(a) && !BEYOND_ASCII.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
