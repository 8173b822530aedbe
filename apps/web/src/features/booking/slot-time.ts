import { DateTime } from 'luxon';
import { i18n } from '../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../shared/i18n/dates';

/** The visitor's own zone, as the browser reports it. */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A slot's start for the summary card, in the facility's zone (spec 1): 'Today,' or 'Tomorrow,'
 * before the date when it falls then, never instead of it. When the visitor's clock reads
 * differently at that moment, the facility's zone is named and the visitor's own time follows:
 * "Tue, Nov 24 · 4:30 PM GMT+5:30 — Tue 7:00 AM your time".
 */
export function summaryStart(
  startIso: string,
  zone: string,
  now: DateTime,
  viewer: string = zone,
): string {
  const start = DateTime.fromISO(startIso, { zone });
  const today = now.setZone(zone).startOf('day');
  const day = start.startOf('day');
  const prefix = day.equals(today)
    ? i18n.t('booking.today')
    : day.equals(today.plus({ days: 1 }))
      ? i18n.t('booking.tomorrow')
      : '';
  const date = formatDate(start, 'ccc, MMM d', DATE_FORMATS.shortWeekdayMonthDay);
  const time = formatDate(start, 'h:mm a', DATE_FORMATS.time);
  const there = `${prefix}${date} · ${time}`;
  const own = start.setZone(viewer);
  if (own.offset === start.offset) return there;
  const ownTime = formatDate(own, 'ccc h:mm a', {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${there} ${start.toFormat('ZZZZ')} — ${i18n.t('booking.yourTime', { time: ownTime })}`;
}

/** Whole minutes left on a hold (rounded up, never below 0). */
export function minutesLeft(expiresAtIso: string, now: DateTime): number {
  const left = DateTime.fromISO(expiresAtIso).diff(now, 'minutes').minutes;
  return Math.max(0, Math.ceil(left));
}
