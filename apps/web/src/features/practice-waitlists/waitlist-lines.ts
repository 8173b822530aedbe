import type { DayView, WaitlistItemView, WaitlistOfferView } from '@medbook/contracts';
import type { TFunction } from 'i18next';
import { DateTime } from 'luxon';
import { i18n } from '../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../shared/i18n/dates';

/*
 * The lines' words are in the chosen language: the functions that word something take the
 * component's `t` (the chosen language's by default); dates go through formatDate, so English
 * keeps its patterns.
 */

/** One calendar's line as the page shows it: its name, zone and the patients in order. */
export interface CalendarLine {
  readonly calendarId: string;
  readonly name: string;
  readonly timeZone: string | null;
  readonly items: readonly WaitlistItemView[];
}

/** The practice's items grouped by calendar (named alphabetically), each line in its order. */
export function linesOf(items: readonly WaitlistItemView[], t: TFunction = i18n.t): CalendarLine[] {
  const byCalendar = new Map<string, WaitlistItemView[]>();
  for (const item of items) {
    const line = byCalendar.get(item.calendar_id);
    if (line) line.push(item);
    else byCalendar.set(item.calendar_id, [item]);
  }
  return [...byCalendar.entries()]
    .map(([calendarId, line]) => ({
      calendarId,
      name: line[0]?.calendar_name ?? t('practiceWaitlists.unnamedCalendar'),
      timeZone: line[0]?.time_zone ?? null,
      items: [...line].sort((a, b) => a.position - b.position),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.calendarId.localeCompare(b.calendarId));
}

/** A time in the calendar's zone: "Tue, Dec 3, 9:30 AM". */
export const slotLabel = (at: string, zone: string | null): string =>
  formatDate(DateTime.fromISO(at, zone ? { zone } : {}), 'ccc, LLL d, h:mm a', {
    ...DATE_FORMATS.shortWeekdayMonthDay,
    ...DATE_FORMATS.time,
  });

/** What the line says of a patient's open offer, if any. */
export function offerLabel(
  offer: WaitlistOfferView | null,
  zone: string | null,
  t: TFunction = i18n.t,
): string | null {
  if (!offer || offer.status !== 'Offered') return null;
  const until = DateTime.fromISO(offer.expires_at, zone ? { zone } : {});
  return t('practiceWaitlists.offeredUntil', {
    slot: slotLabel(offer.start_date, zone),
    until: formatDate(until, 'h:mm a', DATE_FORMATS.time),
  });
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
export const patientLabel = (item: WaitlistItemView, t: TFunction = i18n.t): string =>
  item.patient_name ?? t('practiceWaitlists.unnamedPatient');

export const patientDetails = (item: WaitlistItemView, t: TFunction = i18n.t): string =>
  [
    item.patient_birth_date
      ? t('practiceWaitlists.born', {
          date: formatDate(DateTime.fromISO(item.patient_birth_date), 'LL/dd/yyyy', {
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
          }),
        })
      : null,
    item.patient_phone,
  ]
    .filter(Boolean)
    .join(' · ');
