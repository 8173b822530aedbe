import type { RecordedEvent } from '@medbook/event-store';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import {
  type Columns,
  ignoring,
  recordSet,
  rowsInsert,
  updating,
  writeTogether,
} from '../../../infra/projections/bulk-rows';
import type {
  DirectoryEntryChangeEvent,
  DirectoryEntryEvent,
} from '../../directory/domain/directory-entry.events';
import type { PracticeEvent } from '../../directory/domain/practice.events';
import {
  CALENDAR_CHANGE_TYPES,
  type CalendarChangeEvent,
  type CalendarEvent,
  type CalendarSettings,
  isCalendarChange,
  type WeeklyHours,
} from '../../scheduling/domain/calendar.events';
import { applyEntryChange } from './provider-search.edits';
import { facilityPlace, providerRow } from './provider-search.rows';

type SearchEvent = PracticeEvent | DirectoryEntryEvent | CalendarEvent;
/** What the batch fold tells; DirectoryEntryChanged is told apart (provider-search.edits.ts). */
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
 * calendars they change) is read in one statement, the events change it in log order, and the
 * rows are written in one more. `apply` is a batch of one event.
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

interface PracticeRow {
  practice_id: string;
  name: string;
  position: number;
}

interface FacilityRow {
  facility_id: string;
  practice_id: string;
  name: string;
  details: unknown;
  latitude: number | null;
  longitude: number | null;
  position: number;
}

type ProviderRow = ReturnType<typeof providerRow> & { position: number };

interface ProviderFacilityRow {
  provider_id: string;
  facility_id: string;
  latitude: number | null;
  longitude: number | null;
}

interface CalendarRow {
  calendar_id: string;
  provider_id: string;
  facility_id: string;
  visit_type: string;
  time_zone: string;
  working_days: number[];
  first_hour: number;
  last_hour: number;
  /** When set, these place the slots, not the single hours (the table derives `open_hours`). */
  weekly_hours: WeeklyHours | null;
  date_from: string;
  date_to: string | null;
  online_booking_disabled: boolean;
  position: number;
}

const PRACTICE_COLUMNS: Columns<PracticeRow> = {
  practice_id: 'uuid',
  name: 'text',
  position: 'bigint',
};

const FACILITY_COLUMNS: Columns<FacilityRow> = {
  facility_id: 'uuid',
  practice_id: 'uuid',
  name: 'text',
  details: 'jsonb',
  latitude: 'double precision',
  longitude: 'double precision',
  position: 'bigint',
};

const PROVIDER_COLUMNS: Columns<ProviderRow> = {
  provider_id: 'uuid',
  practice_id: 'uuid',
  first_name: 'text',
  last_name: 'text',
  gender_code: 'text',
  specialties_key: 'text[]',
  conditions_key: 'text[]',
  insurances_key: 'text[]',
  languages_key: 'text[]',
  facility_ids: 'uuid[]',
  search_text: 'text',
  profile_ranking: 'integer',
  card: 'jsonb',
  position: 'bigint',
};

const PROVIDER_FACILITY_COLUMNS: Columns<ProviderFacilityRow> = {
  provider_id: 'uuid',
  facility_id: 'uuid',
  latitude: 'double precision',
  longitude: 'double precision',
};

const CALENDAR_COLUMNS: Columns<CalendarRow> = {
  calendar_id: 'uuid',
  provider_id: 'uuid',
  facility_id: 'uuid',
  visit_type: 'text',
  time_zone: 'text',
  working_days: 'integer[]',
  first_hour: 'integer',
  last_hour: 'integer',
  weekly_hours: 'jsonb',
  date_from: 'date',
  date_to: 'date',
  online_booking_disabled: 'boolean',
  position: 'bigint',
};

/** The batch in runs between directory edits, each edit in its place in the log. */
async function applySearch(recorded: readonly RecordedEvent[], trx: Transaction<DB>) {
  let run: RecordedEvent[] = [];
  for (const event of recorded) {
    if (event.type !== 'DirectoryEntryChanged') {
      run.push(event);
      continue;
    }
    await applyRun(run, trx);
    run = [];
    await applyEntryChange(event.data as DirectoryEntryChangeEvent['data'], trx);
  }
  await applyRun(run, trx);
}

async function applyRun(recorded: readonly RecordedEvent[], trx: Transaction<DB>) {
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

  const newPractices = new Map<string, PracticeRow>();
  const newFacilities = new Map<string, FacilityRow>();
  const newProviders = new Map<string, ProviderRow>();
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
              details: entry.details,
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
          newProviders.set(entry.id, { ...row, position });
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

  const writes: RawBuilder<unknown>[] = [];
  const add = <Row extends object>(
    table: keyof DB,
    columns: Columns<Row>,
    rows: readonly Row[],
    conflict: RawBuilder<unknown>,
  ) => {
    if (rows.length > 0) writes.push(rowsInsert(table, columns, rows, conflict));
  };
  add(
    'rm_search_practices',
    PRACTICE_COLUMNS,
    [...newPractices.values()],
    ignoring(['practice_id']),
  );
  add(
    'rm_search_facilities',
    FACILITY_COLUMNS,
    [...newFacilities.values()],
    ignoring(['facility_id']),
  );
  add(
    'rm_search_providers',
    PROVIDER_COLUMNS,
    [...newProviders.values()],
    ignoring(['provider_id']),
  );
  if (placed.size > 0) {
    // Rows stored before the batch take their facility's place; the batch's own rows have theirs
    // already, and a pair stored before keeps its row (the insert does nothing). The statement's
    // parts see the table as it was before it, so this updates only the rows stored before.
    const places = [...placed].map(([facility_id, place]) => ({
      facility_id,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    }));
    const { from } = recordSet(
      { facility_id: 'uuid', latitude: 'double precision', longitude: 'double precision' },
      places,
    );
    writes.push(sql`UPDATE rm_search_provider_facilities AS pf
                       SET latitude = r.latitude, longitude = r.longitude
                      FROM ${from}
                     WHERE pf.facility_id = r.facility_id`);
  }
  add(
    'rm_search_provider_facilities',
    PROVIDER_FACILITY_COLUMNS,
    [...newPlaces.values()],
    ignoring(['provider_id', 'facility_id']),
  );
  add(
    'rm_search_calendars',
    CALENDAR_COLUMNS,
    [...changedCalendars.values()],
    updating(
      ['calendar_id'],
      Object.keys(CALENDAR_COLUMNS).filter((column) => column !== 'calendar_id'),
    ),
  );
  await writeTogether(trx, writes);
}

/**
 * What the batch's events read, as stored before it, in one statement of a constant text (each
 * table's rows as JSON: dates come back as the YYYY-MM-DD they were written as). Facilities come
 * in the order they were registered, which a provider's search text lists them in.
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
  const practices = new Map<string, string>();
  const facilities = new Map<string, Facility>();
  const calendars = new Map<string, CalendarRow>();
  if (practiceIds.size + facilityIds.size + calendarIds.size === 0) {
    return { practices, facilities, calendars };
  }
  const { rows } = await sql<Stored>`SELECT
      (SELECT coalesce(json_agg(t), '[]') FROM rm_search_practices AS t
        WHERE t.practice_id = ANY(${[...practiceIds]}::uuid[])) AS practices,
      (SELECT coalesce(json_agg(t ORDER BY t.position), '[]') FROM rm_search_facilities AS t
        WHERE t.facility_id = ANY(${[...facilityIds]}::uuid[])) AS facilities,
      (SELECT coalesce(json_agg(t), '[]') FROM rm_search_calendars AS t
        WHERE t.calendar_id = ANY(${[...calendarIds]}::uuid[])) AS calendars`.execute(trx);
  const [stored] = rows;
  if (!stored) return { practices, facilities, calendars };
  for (const row of stored.practices) practices.set(row.practice_id, row.name);
  for (const { facility_id, ...row } of stored.facilities) facilities.set(facility_id, row);
  for (const row of stored.calendars) calendars.set(row.calendar_id, row);
  return { practices, facilities, calendars };
}

/** The rows read, as json_agg gives them (dates as YYYY-MM-DD, bigints as numbers). */
interface Stored {
  readonly practices: readonly PracticeRow[];
  readonly facilities: readonly FacilityRow[];
  readonly calendars: readonly CalendarRow[];
}

function hours(settings: CalendarSettings) {
  return {
    visit_type: settings.visit_type,
    time_zone: settings.time_zone,
    working_days: [...settings.working_days],
    first_hour: settings.first_hour,
    last_hour: settings.last_hour,
    weekly_hours: settings.weekly_hours ?? null,
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
  if ('weekly_hours' in changes) current.weekly_hours = changes.weekly_hours ?? null;
  current.online_booking_disabled =
    changes.online_booking_disabled ?? current.online_booking_disabled;
  if (changes.date_from) current.date_from = changes.date_from;
  if ('date_to' in changes) current.date_to = changes.date_to ?? null;
  current.position = position;
}
