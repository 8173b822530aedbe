import { DateTime } from 'luxon';
import { DATE_FORMATS, formatDate } from '../../shared/i18n/dates';

/** Slots back to back, told as one run: "8:00 AM – 12:00 PM, 8 slots". */
export interface SlotRun {
  readonly start: string;
  readonly end: string;
  readonly slots: number;
}

/** A day's slots (by start) as runs of back-to-back slots: the gaps between them are breaks. */
export function slotRuns(
  slots: readonly { readonly start_date: string; readonly end_date: string }[],
): SlotRun[] {
  const runs: SlotRun[] = [];
  for (const slot of [...slots].sort(
    (a, b) => Date.parse(a.start_date) - Date.parse(b.start_date),
  )) {
    const last = runs.at(-1);
    if (last && Date.parse(last.end) === Date.parse(slot.start_date)) {
      runs[runs.length - 1] = { ...last, end: slot.end_date, slots: last.slots + 1 };
    } else {
      runs.push({ start: slot.start_date, end: slot.end_date, slots: 1 });
    }
  }
  return runs;
}

/** An instant as the facility's wall-clock time, "1:30 PM" in English (formatDate). */
export const wallTime = (instant: string, zone: string): string =>
  formatDate(DateTime.fromISO(instant, { zone }), 'h:mm a', DATE_FORMATS.time);
