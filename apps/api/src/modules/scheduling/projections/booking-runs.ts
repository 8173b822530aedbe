import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import { type ProjectionContext, statementChunks } from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../domain/appointment.events';
import type { SlotEvent } from '../domain/slot.events';
import { publishSlot, publishStatusTo, type SlotCounts } from './scheduling-live';

type Held = Extract<SlotEvent, { type: 'SlotHeld' }>;
type Booked = Extract<SlotEvent, { type: 'SlotBooked' }>;
type AppointmentBooked = Extract<AppointmentEvent, { type: 'AppointmentBooked' }>;
type RunEvent = Held | Booked | AppointmentBooked;

/** The events the scheduling projection writes in runs: a booking's, a hold's. */
export const BOOKING_RUN_EVENTS = new Set<string>([
  'SlotHeld',
  'SlotBooked',
  'AppointmentBooked',
] satisfies RunEvent['type'][]);

interface SlotChange {
  readonly recorded: RecordedEvent;
  readonly event: Held | Booked;
  readonly key: string;
  readonly holds: number;
  readonly bookings: number;
}

/** A slot's accumulated change over the run: one row of the upsert. */
interface SlotTotal {
  calendar_id: string;
  start: string;
  capacity: number;
  holds: number;
  bookings: number;
  position: number;
}

const slotKey = (calendarId: string, start: string | Date) =>
  `${calendarId}|${typeof start === 'string' ? Date.parse(start) : start.getTime()}`;

/**
 * Consecutive holds and bookings in a few statements, whatever the run's length: one upsert of
 * each touched slot's counts (its changes added up), the holds inserted and consumed ones
 * deleted, the appointments inserted. The live messages are those event-by-event application
 * would send, in log order: each slot's counts after each event are its final counts less the
 * run's later changes to it.
 */
export async function applyBookingRun(
  events: readonly RecordedEvent[],
  context: ProjectionContext,
): Promise<void> {
  const { trx } = context;
  const slotChanges: SlotChange[] = [];
  const totals = new Map<string, SlotTotal>();
  const appointments: { recorded: RecordedEvent; event: AppointmentBooked }[] = [];
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as RunEvent;
    if (event.type === 'AppointmentBooked') {
      appointments.push({ recorded, event });
      continue;
    }
    const d = event.data;
    const holds = event.type === 'SlotHeld' ? 1 : d.hold_id ? -1 : 0;
    const bookings = event.type === 'SlotBooked' ? 1 : 0;
    const key = slotKey(d.calendar_id, d.start);
    slotChanges.push({ recorded, event, key, holds, bookings });
    const total = totals.get(key);
    if (total) {
      total.holds += holds;
      total.bookings += bookings;
      total.position = recorded.globalPosition;
    } else {
      totals.set(key, {
        calendar_id: d.calendar_id,
        start: d.start,
        // The calendar's capacity as of this run (below): a hold decided just before a change of
        // capacity committed after it still counts against the new one. The event's own is the
        // fallback for a calendar the read model does not have.
        capacity: d.capacity,
        holds,
        bookings,
        position: recorded.globalPosition,
      });
    }
  }

  const after = new Map<string, SlotCounts>();
  for (const rows of statementChunks([...totals.values()])) {
    const updated = await trx
      .insertInto('rm_slot_capacity')
      .values(
        rows.map((t) => ({
          calendar_id: t.calendar_id,
          start_at: t.start,
          capacity: sql<number>`coalesce((SELECT (settings->>'booking_capacity')::int
            FROM rm_calendars WHERE calendar_id = ${t.calendar_id}), ${t.capacity})`,
          holds: t.holds,
          bookings: t.bookings,
          position: t.position,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['calendar_id', 'start_at']).doUpdateSet({
          holds: sql<number>`rm_slot_capacity.holds + excluded.holds`,
          bookings: sql<number>`rm_slot_capacity.bookings + excluded.bookings`,
          position: sql<number>`excluded.position`,
        }),
      )
      .returning(['calendar_id', 'start_at', 'capacity', 'holds', 'bookings'])
      .execute();
    for (const row of updated) after.set(slotKey(row.calendar_id, row.start_at), { ...row });
  }

  const held = slotChanges.flatMap((c) => (c.event.type === 'SlotHeld' ? [c.event.data] : []));
  for (const rows of statementChunks(held)) {
    await trx
      .insertInto('rm_slot_holds')
      .values(
        rows.map((d) => ({
          hold_id: d.hold_id,
          calendar_id: d.calendar_id,
          start_at: d.start,
          patient_id: d.patient_id,
          expires_at: d.expires_at,
        })),
      )
      .onConflict((oc) => oc.column('hold_id').doNothing())
      .execute();
  }
  const consumed = slotChanges.flatMap((c) =>
    c.event.type === 'SlotBooked' && c.event.data.hold_id ? [c.event.data.hold_id] : [],
  );
  for (const ids of statementChunks(consumed)) {
    await trx.deleteFrom('rm_slot_holds').where('hold_id', 'in', ids).execute();
  }

  for (const rows of statementChunks(appointments)) {
    await trx
      .insertInto('rm_appointments')
      .values(
        rows.map(({ recorded, event: { data: d } }) => ({
          appointment_id: d.appointment_id,
          calendar_id: d.calendar_id,
          practice_id: d.practice_id,
          provider_id: d.provider_id,
          resource_id: d.resource_id,
          facility_id: d.facility_id,
          patient_id: d.patient_id,
          booked_by: d.booked_by,
          start_date: d.start_date,
          end_date: d.end_date,
          time_zone: d.time_zone,
          visit_type: d.visit_type,
          visit_schedule_type: d.visit_schedule_type,
          reason: d.reason,
          status: d.status,
          rejected_by: null,
          cancel_reason: null,
          created_on: d.booked_at,
          updated_at: d.booked_at,
          position: recorded.globalPosition,
        })),
      )
      .onConflict((oc) => oc.column('appointment_id').doNothing())
      .execute();
  }

  // Each slot change's counts: walking back from the final ones, undo the later changes.
  const countsAfter = new Map<RecordedEvent, SlotCounts>();
  const running = new Map(after);
  for (let i = slotChanges.length - 1; i >= 0; i -= 1) {
    const change = slotChanges[i]!;
    const counts = running.get(change.key);
    if (!counts) continue;
    countsAfter.set(change.recorded, counts);
    running.set(change.key, {
      capacity: counts.capacity,
      holds: counts.holds - change.holds,
      bookings: counts.bookings - change.bookings,
    });
  }
  const slotChangeOf = new Map(slotChanges.map((c) => [c.recorded, c]));
  for (const recorded of events) {
    const position = recorded.globalPosition;
    const change = slotChangeOf.get(recorded);
    if (change) {
      const counts = countsAfter.get(recorded);
      // A booking that consumed a hold leaves the free places as they were.
      if (counts && change.holds + change.bookings !== 0) {
        const d = change.event.data;
        publishSlot(context, d.calendar_id, d.start, counts, 'decrement', position);
      }
    } else if (recorded.type === 'AppointmentBooked') {
      const d = recorded.data as AppointmentBooked['data'];
      publishStatusTo(context, d, d.appointment_id, d.status, d.booked_at, position);
    }
  }
}
