import type { EventStore, RecordedEvent } from '@medbook/event-store';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import type { Upcaster } from '../../infra/event-store/upcasting-event-store';
import { calendarChangeEvents } from './domain/calendar-change-events';
import type { CalendarChangeEvent, CalendarSettings } from './domain/calendar.events';

/** The one generic change event calendars recorded before the fine-grained ones. */
export const LEGACY_CALENDAR_CHANGE = 'CalendarSettingsChanged';

interface LegacyChange {
  readonly calendar_id: string;
  readonly changes: Partial<CalendarSettings>;
  readonly changed_at: string;
}

/** Calendars whose settings are remembered between reads; past it, the memory starts over. */
const REMEMBERED_CALENDARS = 10_000;

/**
 * Reads an old CalendarSettingsChanged as the fine-grained events the decider writes today for
 * the same change, with their before values: the calendar's settings before it are its stream's
 * earlier events (read once, then remembered as the log is read on). So a rebuild gives the same
 * read models as the old events did.
 */
export function calendarSettingsChangedUpcaster(store: Pick<EventStore, 'readStream'>): Upcaster {
  const known = new Map<string, { revision: number; settings: CalendarSettings | null }>();

  async function settingsBefore(event: RecordedEvent): Promise<CalendarSettings | null> {
    const last = known.get(event.streamId);
    const from = last && last.revision < event.streamRevision ? last.revision + 1 : 0;
    let settings = from > 0 ? last!.settings : null;
    if (from < event.streamRevision) {
      const earlier = await store.readStream(event.streamId, {
        fromRevision: from,
        maxCount: event.streamRevision - from,
      });
      settings = earlier.reduce(storedEvolve, settings);
    }
    return settings;
  }

  return {
    type: LEGACY_CALENDAR_CHANGE,
    async upcast(event) {
      const { changes, changed_at } = event.data as LegacyChange;
      const before = await settingsBefore(event);
      if (known.size >= REMEMBERED_CALENDARS) known.clear();
      known.set(event.streamId, {
        revision: event.streamRevision,
        settings: before && { ...before, ...changes },
      });
      if (!before) return [];
      return calendarChangeEvents(before, changes, changed_at).map((fact, index) => ({
        ...event,
        id: eventIdFor(`${LEGACY_CALENDAR_CHANGE}/${event.id}`, index),
        type: fact.type,
        data: fact.data,
      }));
    },
  };
}

/** A calendar's settings from its events as stored: old generic changes and new ones alike. */
function storedEvolve(settings: CalendarSettings | null, event: RecordedEvent) {
  if (event.type === 'CalendarCreated') {
    const { created_at: _, ...created } = event.data as CalendarSettings & { created_at: string };
    return created;
  }
  if (!settings) return null;
  if (event.type === LEGACY_CALENDAR_CHANGE) {
    return { ...settings, ...(event.data as LegacyChange).changes };
  }
  return { ...settings, ...(event.data as CalendarChangeEvent['data']).after };
}
