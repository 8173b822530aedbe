import type { EventStore, NewEvent, StreamAppend } from '@medbook/event-store';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../infra/clock';
import { metadataOf } from '../infra/event-sourcing/metadata';
import { eventIdFor } from '../infra/event-sourcing/event-ids';
import { EVENT_STORE } from '../infra/event-store/event-store.provider';
import { systemContext } from '../infra/http/request-context';
import { directoryStreamId } from '../modules/directory/domain/directory-entry.events';
import { practiceStreamId } from '../modules/directory/domain/practice.events';
import { INSURANCES } from '../modules/reference/lists.data';
import { SPECIALTIES } from '../modules/reference/specialties.data';
import {
  calendarStreamId,
  type CalendarSettings,
} from '../modules/scheduling/domain/calendar.events';
import { DEMO_PRACTICES, FIRST_NAMES, LAST_NAMES } from './demo-directory.data';

export const DEMO_SEARCH_PROVIDERS = 240;
const BATCH_STREAMS = 120;
const CONTEXT = systemContext('search-demo-seed');

interface SeedStream {
  readonly streamId: string;
  readonly type: string;
  readonly key: string;
  readonly data: Record<string, unknown>;
}

const idOf = (key: string) => eventIdFor(`demo-search-${key}`, -1);

/**
 * On a first start: four practices with fourteen facilities in NY, NJ, CA and IL, and 240
 * providers with office calendars (a third also with a telehealth calendar open 7:00 to 22:00 every
 * day), so search, paging, distances and next availability are real. Written straight to the event
 * store in a few multi-stream appends, which keeps the first start fast; a stream that exists is
 * a batch already written.
 */
@Injectable()
export class SearchDemoSeed {
  private readonly logger = new Logger(SearchDemoSeed.name);

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async seed(): Promise<void> {
    const { streams } = await appendDemoDirectory(this.store, this.clock.now());
    if (streams > 0) this.logger.log(`demo directory: ${streams} streams for provider search`);
  }
}

/** Appends the demo directory's streams not yet written; how many, and the last position. */
export async function appendDemoDirectory(
  store: EventStore,
  now: Date,
): Promise<{ streams: number; position: number | null }> {
  const streams = demoStreams(now);
  let written = 0;
  let position: number | null = null;
  for (let i = 0; i < streams.length; i += BATCH_STREAMS) {
    const batch = streams.slice(i, i + BATCH_STREAMS);
    const last = batch[batch.length - 1]!;
    if ((await store.readStream(last.streamId, { maxCount: 1 })).length > 0) continue;
    position = (await store.appendToStreams(batch.map(appendOf))).position;
    written += batch.length;
  }
  return { streams: written, position };
}

function appendOf(stream: SeedStream): StreamAppend {
  const commandId = `demo-search-${stream.key}`;
  const event: NewEvent = {
    id: eventIdFor(commandId, 0),
    type: stream.type,
    data: stream.data,
    metadata: metadataOf(CONTEXT, commandId),
  };
  return { streamId: stream.streamId, events: [event], expectedRevision: 'no_stream' };
}

/** Every stream of the demo directory, practices and facilities first, in a fixed order. */
export function demoStreams(now: Date): SeedStream[] {
  const at = now.toISOString();
  const streams: SeedStream[] = [];
  const facilities: { id: string; practiceId: string; zone: string }[] = [];
  DEMO_PRACTICES.forEach((practice, p) => {
    const practiceId = idOf(`practice-${p}`);
    streams.push({
      streamId: practiceStreamId(practiceId),
      type: 'PracticeRegistered',
      key: `practice-${p}`,
      data: {
        practice_id: practiceId,
        name: practice.name,
        time_zone: practice.time_zone,
        registered_at: at,
      },
    });
    practice.facilities.forEach((f, i) => {
      const id = idOf(`facility-${p}-${i}`);
      facilities.push({ id, practiceId, zone: f.time_zone });
      streams.push({
        streamId: directoryStreamId('facility', id),
        type: 'DirectoryEntryRegistered',
        key: `facility-${p}-${i}`,
        data: {
          id,
          practice_id: practiceId,
          kind: 'facility',
          name: f.name,
          details: {
            iana_time_zone: f.time_zone,
            office_visit: true,
            tele_visit: true,
            address: { address1: f.address1, city: f.city, state: f.state, zip_code: f.zip_code },
          },
          registered_at: at,
        },
      });
    });
  });

  const calendars: SeedStream[] = [];
  for (let n = 0; n < DEMO_SEARCH_PROVIDERS; n++) {
    const id = idOf(`provider-${n}`);
    const [firstName, gender] = FIRST_NAMES[n % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const home = facilities[n % facilities.length]!;
    const samepractice = facilities.filter(
      (f) => f.practiceId === home.practiceId && f.id !== home.id,
    );
    const second = n % 4 === 0 ? samePracticeOther(samepractice, n) : null;
    const specialty = SPECIALTIES[n % SPECIALTIES.length]!.name;
    const specialties =
      n % 5 === 0 ? [specialty, SPECIALTIES[(n * 7 + 3) % SPECIALTIES.length]!.name] : [specialty];
    streams.push({
      streamId: directoryStreamId('provider', id),
      type: 'DirectoryEntryRegistered',
      key: `provider-${n}`,
      data: {
        id,
        practice_id: home.practiceId,
        kind: 'provider',
        name: `${firstName} ${lastName}`,
        details: {
          first_name: firstName,
          last_name: lastName,
          provider_type: 'local',
          gender,
          professional_suffixes: [['MD'], ['DO'], ['MD', 'FACP'], ['NP'], ['MD', 'PhD']][n % 5],
          specialties,
          languages:
            n % 3 === 0
              ? ['English', 'Spanish']
              : n % 7 === 0
                ? ['English', 'Chinese']
                : ['English'],
          insurances: INSURANCES.filter((_, i) => (n + i) % 3 !== 0).map((ins) => ins.name),
          facility_ids: second ? [home.id, second.id] : [home.id],
          enable_visit_fee: n % 4 !== 0,
          visit_amount: 75 + (n % 6) * 25,
          insured_visit_amount: 25 + (n % 3) * 10,
          allow_existing_patients_only: n % 17 === 0,
          npi: String(1_000_000_000 + n * 7919),
        },
        registered_at: at,
      },
    });
    calendars.push(
      calendarStream(`office-${n}`, id, home, 'Office', n, now, `Dr. ${firstName} ${lastName}`),
    );
    if (n % 3 === 0) {
      calendars.push(
        calendarStream(
          `tele-${n}`,
          id,
          home,
          'Telehealth',
          n,
          now,
          `Dr. ${firstName} ${lastName} (video)`,
        ),
      );
    }
  }
  return [...streams, ...calendars];
}

function samePracticeOther<T>(others: readonly T[], n: number): T | null {
  return others.length > 0 ? others[n % others.length]! : null;
}

const WORKING_WEEKS: readonly (readonly number[])[] = [
  [1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 6],
  [1, 3, 5],
  [2, 4, 6],
  [1, 2, 4, 5],
];

function calendarStream(
  key: string,
  providerId: string,
  facility: { id: string; practiceId: string; zone: string },
  visitType: 'Office' | 'Telehealth',
  n: number,
  now: Date,
  name: string,
): SeedStream {
  const calendarId = idOf(`calendar-${key}`);
  const tele = visitType === 'Telehealth';
  const settings: CalendarSettings = {
    calendar_id: calendarId,
    practice_id: facility.practiceId,
    name,
    provider_id: providerId,
    resource_id: null,
    facility_id: facility.id,
    time_zone: facility.zone,
    visit_type: visitType,
    first_hour: tele ? 7 : 8 + (n % 3),
    last_hour: tele ? 22 : 16 + (n % 3),
    time_step: tele ? 15 : 30,
    working_days: tele ? [1, 2, 3, 4, 5, 6, 7] : WORKING_WEEKS[n % WORKING_WEEKS.length]!,
    date_from: DateTime.fromJSDate(now, { zone: facility.zone }).toISODate()!,
    date_to: null,
    booking_capacity: 1,
    marked_time_spans: [],
    minutes_before_showing_slots: 60,
    slots_hide_hours: 0,
    online_booking_disabled: false,
    wait_list_enabled: n % 2 === 0,
    can_check_in: true,
    accept_reject_enabled: n % 10 === 0,
    hold_minutes: 10,
  };
  return {
    streamId: calendarStreamId(calendarId),
    type: 'CalendarCreated',
    key: `calendar-${key}`,
    data: { ...settings, created_at: now.toISOString() },
  };
}
