import type { DayView, WaitlistItemView, WaitlistOfferView } from '@medbook/contracts';
import { DateTime } from 'luxon';

/** One calendar's line as the page shows it: its name, zone and the patients in order. */
export interface CalendarLine {
  readonly calendarId: string;
  readonly name: string;
  readonly timeZone: string | null;
  readonly items: readonly WaitlistItemView[];
}

/** The practice's items grouped by calendar (named alphabetically), each line in its order. */
export function linesOf(items: readonly WaitlistItemView[]): CalendarLine[] {
  const byCalendar = new Map<string, WaitlistItemView[]>();
  for (const item of items) {
    const line = byCalendar.get(item.calendar_id);
    if (line) line.push(item);
    else byCalendar.set(item.calendar_id, [item]);
  }
  return [...byCalendar.entries()]
    .map(([calendarId, line]) => ({
      calendarId,
      name: line[0]?.calendar_name ?? 'Unnamed calendar',
      timeZone: line[0]?.time_zone ?? null,
      items: [...line].sort((a, b) => a.position - b.position),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.calendarId.localeCompare(b.calendarId));
}

/** A time in the calendar's zone: "Tue, Dec 3, 9:30 AM". */
export const slotLabel = (at: string, zone: string | null): string =>
  DateTime.fromISO(at, zone ? { zone } : {}).toFormat('ccc, LLL d, h:mm a');

/** What the line says of a patient's open offer, if any. */
export function offerLabel(offer: WaitlistOfferView | null, zone: string | null): string | null {
  if (!offer || offer.status !== 'Offered') return null;
  return `Offered ${slotLabel(offer.start_date, zone)}, held until ${DateTime.fromISO(
    offer.expires_at,
    zone ? { zone } : {},
  ).toFormat('h:mm a')}`;
}

/** The slots that can still be offered: free places, not yet begun. */
export function freeSlots(days: readonly DayView[], now: DateTime): DayView[] {
  return days
    .map((day) => ({
      ...day,
      time_slots: day.time_slots.filter(
        (s) => s.is_available && s.booking_capacity > 0 && DateTime.fromISO(s.start_date) > now,
      ),
    }))
    .filter((day) => day.time_slots.length > 0);
}

/** Who waits, as staff tell patients apart: name, then birth date and phone when known. */
export const patientLabel = (item: WaitlistItemView): string =>
  item.patient_name ?? 'Unnamed patient';

export const patientDetails = (item: WaitlistItemView): string =>
  [
    item.patient_birth_date
      ? `Born ${DateTime.fromISO(item.patient_birth_date).toFormat('LL/dd/yyyy')}`
      : null,
    item.patient_phone,
  ]
    .filter(Boolean)
    .join(' · ');
