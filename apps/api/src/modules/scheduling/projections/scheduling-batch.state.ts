// The rows a scheduling batch holds in memory, and the small moves on them.
import { FINAL_STATUSES } from '@medbook/contracts';
import type { AppointmentDetails, AppointmentEvent } from '../domain/appointment.events';
import { type CalendarEvent, type CalendarSettings } from '../domain/calendar.events';
import type { SlotEvent } from '../domain/slot.events';

export type SchedulingEvent = CalendarEvent | SlotEvent | AppointmentEvent;

export interface CalendarRow {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  readonly name: string;
  settings: CalendarSettings;
  position: string;
  /** Whether instants start a slot under the current settings (see offeredStarts); not a column. */
  offered?: Map<number, boolean>;
}

export interface SlotRow {
  readonly calendar_id: string;
  /** start_at, epoch ms, and as written. */
  readonly startMs: number;
  readonly start_at: string;
  capacity: number;
  holds: number;
  bookings: number;
  position: string;
  /** Not in the table when the batch began: inserted plainly (no conflict to check). */
  readonly fresh: boolean;
}

export interface AppointmentRow extends Pick<
  AppointmentDetails,
  | 'appointment_id'
  | 'calendar_id'
  | 'practice_id'
  | 'provider_id'
  | 'resource_id'
  | 'facility_id'
  | 'patient_id'
  | 'booked_by'
> {
  /** start_date, epoch ms, and as written. */
  startMs: number;
  start_date: string;
  end_date: string;
  readonly time_zone: string;
  readonly visit_type: string;
  readonly visit_schedule_type: string;
  readonly reason: string | null;
  status: string;
  rejected_by: string | null;
  cancel_reason: string | null;
  rejection_reason: string | null;
  readonly is_lab_test_appointment: boolean;
  readonly created_on: string;
  updated_at: string;
  position: string;
  outside_schedule: boolean;
  /** Not in the table when the batch began: inserted plainly (no conflict to check). */
  readonly fresh: boolean;
}

export interface HoldRow {
  readonly hold_id: string;
  readonly calendar_id: string;
  readonly start_at: string;
  readonly patient_id: string;
  readonly expires_at: string;
}

/**
 * What a batch leaves of a hold: deleted, inserted unless already there (its row was not read),
 * or inserted over whatever was there (it was deleted earlier in the batch, then held again).
 */
export type HoldOutcome =
  { readonly kind: 'deleted' } | { readonly kind: 'inserted' | 'replaced'; readonly row: HoldRow };

export interface RequestLogRow {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly action: string;
  readonly action_by_userid: string;
  readonly action_at: string;
  readonly position: string;
}

/**
 * The rows a batch touches, read once before it and written once after it. A calendar changed in
 * the batch has every slot and every appointment not yet final, from its earliest change on, in
 * memory: what the flagging, the recount and the vanished slots look at.
 */
export interface BatchState {
  readonly calendars: Map<string, CalendarRow>;
  /** By calendar id, then start_at (ms). */
  readonly slots: Map<string, Map<number, SlotRow>>;
  readonly appointments: Map<string, AppointmentRow>;
  /** The appointments in memory, by calendar id. */
  readonly appointmentsOf: Map<string, AppointmentRow[]>;
  readonly holds: Map<string, HoldOutcome>;
  readonly requestLogs: RequestLogRow[];
  readonly dirtyCalendars: Set<CalendarRow>;
  readonly dirtySlots: Set<SlotRow>;
  readonly dirtyAppointments: Set<AppointmentRow>;
}

export const FINAL = new Set<string>(FINAL_STATUSES);

/** uuid columns compare case-insensitively: the maps' keys do too. */
export const key = (id: string) => id.toLowerCase();
export const iso = (ms: number) => new Date(ms).toISOString();
export const timestamp = (value: Date | string) =>
  typeof value === 'string' ? value : value.toISOString();

export function slotOf(
  state: BatchState,
  calendarId: string,
  startMs: number,
): SlotRow | undefined {
  return state.slots.get(key(calendarId))?.get(startMs);
}

export function addSlot(state: BatchState, row: SlotRow): void {
  const calendar = key(row.calendar_id);
  let slots = state.slots.get(calendar);
  if (!slots) {
    slots = new Map();
    state.slots.set(calendar, slots);
  }
  slots.set(row.startMs, row);
}

export function addAppointment(state: BatchState, row: AppointmentRow): void {
  state.appointments.set(key(row.appointment_id), row);
  const calendar = key(row.calendar_id);
  const rows = state.appointmentsOf.get(calendar);
  if (rows) rows.push(row);
  else state.appointmentsOf.set(calendar, [row]);
}

export function deleteHold(state: BatchState, holdId: string): void {
  state.holds.set(key(holdId), { kind: 'deleted' });
}

export function insertHold(state: BatchState, row: HoldRow): void {
  const id = key(row.hold_id);
  const before = state.holds.get(id);
  if (!before) state.holds.set(id, { kind: 'inserted', row });
  else if (before.kind === 'deleted') state.holds.set(id, { kind: 'replaced', row });
  // Already there: ON CONFLICT DO NOTHING.
}
