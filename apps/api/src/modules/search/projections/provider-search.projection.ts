import type { RecordedEvent } from '@medbook/event-store';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import {
  type Projection,
  type ProjectionContext,
  statementChunks,
} from '../../../infra/projections/projection';
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
 *
 * A batch is told in memory: what its events read (the providers' practices and facilities, the
 * calendars they change) is read in one statement per table, the events change it in log order,
 * and the rows are written in a few multi-row statements. `apply` is a batch of one event.
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
  // A facility places the providers registered before it: found by facility.
  lookupIndexes: ['rm_search_provider_facilities_facility_idx'],
  apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    return applySearch([recorded], trx);
  },
  applyAll(events: readonly RecordedEvent[], { trx }: ProjectionContext): Promise<void> {
    return applySearch(events, trx);
  },
};

type Place = { latitude: number; longitude: number } | null;

interface Facility {
  readonly name: string;
  readonly details: unknown;
  readonly latitude: number | null;
  readonly longitude: number | null;
  /** Facilities are read in the order they were registered. */
  readonly position: number;
}

type CalendarRow = Insertable<DB['rm_search_calendars']>;
type ProviderFacilityRow = {
  provider_id: string;
  facility_id: string;
  latitude: number | null;
  longitude: number | null;
};

async function applySearch(recorded: readonly RecordedEvent[], trx: Transaction<DB>) {
  const events = recorded
    .filter((e) => SEARCH_EVENTS.has(e.type))
    .map((e) => ({
      event: { type: e.type, data: e.data } as SearchEvent,
      position: e.globalPosition,
    }));
  if (events.length === 0) return;
  const { practices, facilities, calendars } = await readStored(
    trx,
    events.map((e) => e.event),
  );

  const newPractices = new Map<string, Insertable<DB['rm_search_practices']>>();
  const newFacilities = new Map<string, Insertable<DB['rm_search_facilities']>>();
  const newProviders = new Map<string, Insertable<DB['rm_search_providers']>>();
  /** Provider-facility rows the batch inserts (the first of each pair: the others do nothing). */
  const newPlaces = new Map<string, ProviderFacilityRow>();
  /** The last place each facility event gave: rows stored before the batch take it. */
  const placed = new Map<string, Place>();
  const changedCalendars = new Map<string, CalendarRow>();

  for (const { event, position } of events) {
    if (isCalendarChange(event)) {
      const current = calendars.get(event.data.calendar_id);
      if (!current) continue;
      changeSettings(current, event.data, position);
      changedCalendars.set(event.data.calendar_id, current);
      continue;
    }
    switch (event.type) {
      case 'PracticeRegistered': {
        const { practice_id, name } = event.data;
        if (practices.has(practice_id) || newPractices.has(practice_id)) break;
        practices.set(practice_id, name);
        newPractices.set(practice_id, { practice_id, name, position });
        break;
      }
      case 'DirectoryEntryRegistered': {
        const entry = event.data;
        if (entry.kind === 'facility') {
          const place = facilityPlace(entry.details);
          const latitude = place?.latitude ?? null;
          const longitude = place?.longitude ?? null;
          if (!facilities.has(entry.id) && !newFacilities.has(entry.id)) {
            facilities.set(entry.id, {
              name: entry.name,
              details: entry.details,
              latitude,
              longitude,
              position,
            });
            newFacilities.set(entry.id, {
              facility_id: entry.id,
              practice_id: entry.practice_id,
              name: entry.name,
              details: sql<string>`${entry.details}::jsonb`,
              latitude,
              longitude,
              position,
            });
          }
          // A provider registered before this facility gets its place now.
          placed.set(entry.id, place);
          for (const row of newPlaces.values()) {
            if (row.facility_id !== entry.id) continue;
            row.latitude = latitude;
            row.longitude = longitude;
          }
          break;
        }
        if (entry.kind !== 'provider') break;
        const facilityIds = [
          ...new Set((entry.details.facility_ids as string[] | undefined) ?? []),
        ];
        const known = facilityIds.flatMap((id) => {
          const facility = facilities.get(id);
          return facility ? [{ facility_id: id, ...facility }] : [];
        });
        known.sort((a, b) => a.position - b.position);
        if (!newProviders.has(entry.id)) {
          const row = providerRow(entry, practices.get(entry.practice_id) ?? '', known);
          newProviders.set(entry.id, { ...row, card: sql<string>`${row.card}::jsonb`, position });
        }
        for (const facility_id of facilityIds) {
          const key = `${entry.id}|${facility_id}`;
          if (newPlaces.has(key)) continue;
          const facility = facilities.get(facility_id);
          newPlaces.set(key, {
            provider_id: entry.id,
            facility_id,
            latitude: facility?.latitude ?? null,
            longitude: facility?.longitude ?? null,
          });
        }
        break;
      }
      case 'CalendarCreated': {
        const settings = event.data;
        if (!settings.provider_id || calendars.has(settings.calendar_id)) break;
        const row: CalendarRow = {
          calendar_id: settings.calendar_id,
          provider_id: settings.provider_id,
          facility_id: settings.facility_id,
          ...hours(settings),
          position,
        };
        calendars.set(settings.calendar_id, row);
        changedCalendars.set(settings.calendar_id, row);
        break;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }

  for (const rows of statementChunks([...newPractices.values()])) {
    await trx
      .insertInto('rm_search_practices')
      .values(rows)
      .onConflict((oc) => oc.column('practice_id').doNothing())
      .execute();
  }
  for (const rows of statementChunks([...newFacilities.values()])) {
    await trx
      .insertInto('rm_search_facilities')
      .values(rows)
      .onConflict((oc) => oc.column('facility_id').doNothing())
      .execute();
  }
  for (const rows of statementChunks([...newProviders.values()])) {
    await trx
      .insertInto('rm_search_providers')
      .values(rows)
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .execute();
  }
  // Rows stored before the batch take their facility's place first; the batch's own rows have
  // theirs already (and a pair stored before keeps its row: the insert does nothing).
  for (const rows of statementChunks([...placed])) {
    const values = sql.join(
      rows.map(
        ([id, place]) =>
          sql`(${id}::uuid, ${place?.latitude ?? null}::float8, ${place?.longitude ?? null}::float8)`,
      ),
    );
    await sql`UPDATE rm_search_provider_facilities AS pf
                 SET latitude = v.latitude, longitude = v.longitude
                FROM (VALUES ${values}) AS v (facility_id, latitude, longitude)
               WHERE pf.facility_id = v.facility_id`.execute(trx);
  }
  for (const rows of statementChunks([...newPlaces.values()])) {
    await trx
      .insertInto('rm_search_provider_facilities')
      .values(rows)
      .onConflict((oc) => oc.columns(['provider_id', 'facility_id']).doNothing())
      .execute();
  }
  for (const rows of statementChunks([...changedCalendars.values()])) {
    await trx
      .insertInto('rm_search_calendars')
      .values(rows)
      .onConflict((oc) =>
        oc.column('calendar_id').doUpdateSet((eb) => ({
          provider_id: eb.ref('excluded.provider_id'),
          facility_id: eb.ref('excluded.facility_id'),
          visit_type: eb.ref('excluded.visit_type'),
          time_zone: eb.ref('excluded.time_zone'),
          working_days: eb.ref('excluded.working_days'),
          first_hour: eb.ref('excluded.first_hour'),
          last_hour: eb.ref('excluded.last_hour'),
          date_from: eb.ref('excluded.date_from'),
          date_to: eb.ref('excluded.date_to'),
          online_booking_disabled: eb.ref('excluded.online_booking_disabled'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
  }
}

/**
 * What the batch's events read, as stored before it, in one statement: each row as jsonb (dates
 * come back as the YYYY-MM-DD they were written as).
 */
async function readStored(trx: Transaction<DB>, events: readonly SearchEvent[]) {
  const practiceIds = new Set<string>();
  const facilityIds = new Set<string>();
  const calendarIds = new Set<string>();
  for (const event of events) {
    if (event.type === 'DirectoryEntryRegistered') {
      if (event.data.kind !== 'provider') continue;
      practiceIds.add(event.data.practice_id);
      const ids = (event.data.details.facility_ids as string[] | undefined) ?? [];
      for (const id of ids) facilityIds.add(id);
    } else if (event.type === 'CalendarCreated' || isCalendarChange(event)) {
      calendarIds.add(event.data.calendar_id);
    }
  }
  const parts = [
    practiceIds.size > 0 &&
      sql`SELECT 'practice' AS kind, to_jsonb(t) AS row FROM rm_search_practices AS t
           WHERE t.practice_id = ANY(${[...practiceIds]}::uuid[])`,
    facilityIds.size > 0 &&
      sql`SELECT 'facility' AS kind, to_jsonb(t) AS row FROM rm_search_facilities AS t
           WHERE t.facility_id = ANY(${[...facilityIds]}::uuid[])`,
    calendarIds.size > 0 &&
      sql`SELECT 'calendar' AS kind, to_jsonb(t) AS row FROM rm_search_calendars AS t
           WHERE t.calendar_id = ANY(${[...calendarIds]}::uuid[])`,
  ].filter((part) => part !== false);
  const practices = new Map<string, string>();
  const facilities = new Map<string, Facility>();
  const calendars = new Map<string, CalendarRow>();
  if (parts.length === 0) return { practices, facilities, calendars };
  const { rows } = await sql<StoredRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(trx);
  for (const stored of rows) {
    if (stored.kind === 'practice') {
      const row = stored.row as Selectable<DB['rm_search_practices']>;
      practices.set(row.practice_id, row.name);
    } else if (stored.kind === 'facility') {
      const { facility_id, name, details, latitude, longitude, position } =
        stored.row as Selectable<DB['rm_search_facilities']>;
      facilities.set(facility_id, {
        name,
        details,
        latitude,
        longitude,
        position: Number(position),
      });
    } else {
      const row = stored.row as CalendarRow;
      calendars.set(row.calendar_id, row);
    }
  }
  return { practices, facilities, calendars };
}

interface StoredRow {
  readonly kind: 'practice' | 'facility' | 'calendar';
  readonly row: unknown;
}

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
function changeSettings(
  current: CalendarRow,
  d: CalendarChangeEvent['data'],
  position: number,
): void {
  const changes: Partial<CalendarSettings> = d.after;
  current.visit_type = changes.visit_type ?? current.visit_type;
  current.time_zone = changes.time_zone ?? current.time_zone;
  current.working_days = [...(changes.working_days ?? current.working_days)];
  current.first_hour = changes.first_hour ?? current.first_hour;
  current.last_hour = changes.last_hour ?? current.last_hour;
  current.online_booking_disabled =
    changes.online_booking_disabled ?? current.online_booking_disabled;
  if (changes.date_from) current.date_from = changes.date_from;
  if ('date_to' in changes) current.date_to = changes.date_to ?? null;
  current.position = position;
}
