import type { SlotChangedMessage, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';

/** What a live slot message does to the week on screen. */
export type SlotChangeOutcome =
  | { readonly kind: 'updated'; readonly week: WeekView }
  | { readonly kind: 'refetch' }
  | { readonly kind: 'ignored' };

const sameInstant = (a: string, b: string): boolean => Date.parse(a) === Date.parse(b);

/**
 * Section 4.3: a change sets the slot's places (the message carries places left, so a missed
 * message cannot leave the count wrong); a slot at 0 disappears; an emptied day or a slot this
 * week does not know means the week is read again. Changes to other weeks are ignored.
 */
export function applySlotChange(week: WeekView, message: SlotChangedMessage): SlotChangeOutcome {
  const day = DateTime.fromISO(message.start_date, { zone: week.time_zone }).toISODate();
  const dayIndex = week.days.findIndex((d) => d.day === day);
  if (dayIndex < 0) return { kind: 'ignored' };
  const days = week.days[dayIndex]!;
  const slotIndex = days.time_slots.findIndex(
    (s) => s.id === message.slot_id || sameInstant(s.start_date, message.start_date),
  );
  if (slotIndex < 0)
    return message.action === 'removed' ? { kind: 'ignored' } : { kind: 'refetch' };
  const places = message.action === 'removed' ? 0 : message.booking_capacity;
  const slot = days.time_slots[slotIndex]!;
  const time_slots =
    places > 0
      ? days.time_slots.map((s, i) =>
          i === slotIndex ? { ...slot, booking_capacity: places, is_available: true } : s,
        )
      : days.time_slots.filter((_, i) => i !== slotIndex);
  if (time_slots.length === 0) return { kind: 'refetch' };
  return {
    kind: 'updated',
    week: { ...week, days: week.days.map((d, i) => (i === dayIndex ? { ...d, time_slots } : d)) },
  };
}
