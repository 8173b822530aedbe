import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { DirectoryEntryEvent } from '../../directory/domain/directory-entry.events';
import type { PracticeEvent } from '../../directory/domain/practice.events';
import {
  CALENDAR_CHANGE_TYPES,
  type CalendarChangeEvent,
  type CalendarEvent,
  type CalendarSettings,
  isCalendarChange,
} from '../../scheduling/domain/calendar.events';
import { facilityPlace, providerRow } from './provider-search.rows';

type SearchEvent = PracticeEvent | DirectoryEntryEvent | CalendarEvent;
const SEARCH_EVENTS = new Set<string>([
  'PracticeRegistered',
  'DirectoryEntryRegistered',
  'CalendarCreated',
  ...CALENDAR_CHANGE_TYPES,
] satisfies SearchEvent['type'][]);

/**
 * The provider search read model: practices, facilities (placed by their zip code), providers
 * (what the filter narrows on and what the card shows) and the weekly hours of their calendars.
 */
export const providerSearchProjection: Projection = {
  name: 'search',
  tables: [
    'rm_search_practices',
    'rm_search_facilities',
    'rm_search_providers',
    'rm_search_provider_facilities',
    'rm_search_calendars',
  ],
  async apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    if (!SEARCH_EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as SearchEvent;
    const position = recorded.globalPosition;
    if (isCalendarChange(event)) return applySettingsChange(trx, event.data, position);
    switch (event.type) {
      case 'PracticeRegistered':
        await trx
          .insertInto('rm_search_practices')
          .values({ practice_id: event.data.practice_id, name: event.data.name, position })
          .onConflict((oc) => oc.column('practice_id').doNothing())
          .execute();
        return;
      case 'DirectoryEntryRegistered': {
        const entry = event.data;
        if (entry.kind === 'facility') {
          const place = facilityPlace(entry.details);
          await trx
            .insertInto('rm_search_facilities')
            .values({
              facility_id: entry.id,
              practice_id: entry.practice_id,
              name: entry.name,
              details: sql<string>`${entry.details}::jsonb`,
              latitude: place?.latitude ?? null,
              longitude: place?.longitude ?? null,
              position,
            })
            .onConflict((oc) => oc.column('facility_id').doNothing())
            .execute();
          // A provider registered before this facility gets its place now.
          await trx
            .updateTable('rm_search_provider_facilities')
            .set({ latitude: place?.latitude ?? null, longitude: place?.longitude ?? null })
            .where('facility_id', '=', entry.id)
            .execute();
          return;
        }
        if (entry.kind !== 'provider') return;
        const facilityIds = (entry.details.facility_ids as string[] | undefined) ?? [];
        const [practice, facilities] = await Promise.all([
          trx
            .selectFrom('rm_search_practices')
            .select('name')
            .where('practice_id', '=', entry.practice_id)
            .executeTakeFirst(),
          facilityIds.length === 0
            ? Promise.resolve([])
            : trx
                .selectFrom('rm_search_facilities')
                .select(['facility_id', 'name', 'details', 'latitude', 'longitude'])
                .where('facility_id', 'in', facilityIds)
                .execute(),
        ]);
        const row = providerRow(entry, practice?.name ?? '', facilities);
        await trx
          .insertInto('rm_search_providers')
          .values({ ...row, card: sql<string>`${row.card}::jsonb`, position })
          .onConflict((oc) => oc.column('provider_id').doNothing())
          .execute();
        if (facilityIds.length > 0) {
          const placed = new Map(facilities.map((f) => [f.facility_id, f]));
          await trx
            .insertInto('rm_search_provider_facilities')
            .values(
              [...new Set(facilityIds)].map((facility_id) => ({
                provider_id: entry.id,
                facility_id,
                latitude: placed.get(facility_id)?.latitude ?? null,
                longitude: placed.get(facility_id)?.longitude ?? null,
              })),
            )
            .onConflict((oc) => oc.columns(['provider_id', 'facility_id']).doNothing())
            .execute();
        }
        return;
      }
      case 'CalendarCreated': {
        const settings = event.data;
        if (!settings.provider_id) return;
        await trx
          .insertInto('rm_search_calendars')
          .values({
            calendar_id: settings.calendar_id,
            provider_id: settings.provider_id,
            facility_id: settings.facility_id,
            ...hours(settings),
            position,
          })
          .onConflict((oc) => oc.column('calendar_id').doNothing())
          .execute();
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

function hours(settings: CalendarSettings) {
  return {
    visit_type: settings.visit_type,
    time_zone: settings.time_zone,
    working_days: [...settings.working_days],
    first_hour: settings.first_hour,
    last_hour: settings.last_hour,
    date_from: settings.date_from,
    date_to: settings.date_to,
    online_booking_disabled: settings.online_booking_disabled,
  };
}

/** A calendar's hours, days, dates, visit type or online booking as search matches them. */
async function applySettingsChange(
  trx: ProjectionContext['trx'],
  d: CalendarChangeEvent['data'],
  position: number,
): Promise<void> {
  const changes: Partial<CalendarSettings> = d.after;
  const current = await trx
    .selectFrom('rm_search_calendars')
    .selectAll()
    .where('calendar_id', '=', d.calendar_id)
    .executeTakeFirst();
  if (!current) return;
  const merged = {
    visit_type: changes.visit_type ?? current.visit_type,
    time_zone: changes.time_zone ?? current.time_zone,
    working_days: changes.working_days ?? current.working_days,
    first_hour: changes.first_hour ?? current.first_hour,
    last_hour: changes.last_hour ?? current.last_hour,
    date_from: changes.date_from ?? null,
    date_to: 'date_to' in changes ? (changes.date_to ?? null) : undefined,
    online_booking_disabled: changes.online_booking_disabled ?? current.online_booking_disabled,
  };
  await trx
    .updateTable('rm_search_calendars')
    .set({
      visit_type: merged.visit_type,
      time_zone: merged.time_zone,
      working_days: [...merged.working_days],
      first_hour: merged.first_hour,
      last_hour: merged.last_hour,
      online_booking_disabled: merged.online_booking_disabled,
      ...(merged.date_from ? { date_from: merged.date_from } : {}),
      ...(merged.date_to !== undefined ? { date_to: merged.date_to } : {}),
      position,
    })
    .where('calendar_id', '=', d.calendar_id)
    .execute();
}
