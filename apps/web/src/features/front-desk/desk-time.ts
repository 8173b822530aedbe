import { DateTime } from 'luxon';
import { unambiguousTime } from '../../shared/wall-time';

/** A slot's start in the facility's zone: "Tue, Nov 26 · 9:30 AM", with Today/Tomorrow. */
export function slotText(start: string, zone: string, now = DateTime.now()): string {
  const at = DateTime.fromISO(start, { zone });
  const today = now.setZone(zone).startOf('day');
  const day = at.startOf('day');
  const time = unambiguousTime(at, 'h:mm a');
  // 'Today' and 'Tomorrow' always with the date: a desk works across midnight and zones.
  const date = `${at.toFormat('ccc, LLL d')} · ${time}`;
  if (+day === +today) return `Today, ${date}`;
  if (+day === +today.plus({ days: 1 })) return `Tomorrow, ${date}`;
  return date;
}
