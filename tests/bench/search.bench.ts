// `npm run bench:search`: provider search over 10,000 providers (the read model filled by the
// search and scheduling projections' own code), each typical filter's p50/p99 beside a raw indexed
// SELECT on the same table in the same run, including typed text matched by pg_trgm with relevance
// and the filters of issue 19. Floor: p99 under 50 ms.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ProviderSearchDto } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { DateTime } from 'luxon';
import zipcodes from 'zipcodes';
import { writeMarkdown } from './write-markdown';
import { openBenchDatabase } from './bench-database';
import { PROJECT_ROOT } from '../../apps/api/dist/infra/config/project-root';
import { connectDatabase } from '../../apps/api/dist/infra/database/database';
import { migrateToLatest } from '../../apps/api/dist/infra/database/migrator';
import { eventIdFor } from '../../apps/api/dist/infra/event-sourcing/event-ids';
import type { Projection } from '../../apps/api/dist/infra/projections/projection';
import { INSURANCES } from '../../apps/api/dist/modules/reference/lists.data';
import { SPECIALTIES } from '../../apps/api/dist/modules/reference/specialties.data';
import { schedulingProjection } from '../../apps/api/dist/modules/scheduling/projections/scheduling.projection';
import { providerSearchProjection } from '../../apps/api/dist/modules/search/projections/provider-search.projection';
import { ProviderSearchRepository } from '../../apps/api/dist/modules/search/provider-search.repository';
import { ProviderSearchService } from '../../apps/api/dist/modules/search/provider-search.service';
import { percentile } from './percentiles';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 10_000);
const PRACTICES = 50;
const FACILITIES = 500;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 300);
const WARMUP = 30;
const FLOOR_P99_MS = 50;
const RESULTS_DIR = path.join(PROJECT_ROOT, 'tests/bench/results');
// A Tuesday, 15:00 UTC: mid-morning in the US, so 'Online Now' finds open telehealth calendars.
const NOW = DateTime.fromISO('2026-12-01T15:00:00Z').toJSDate();

/** A small seeded generator, so every run searches the same directory. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES: Record<string, string> = {
  CA: 'America/Los_Angeles',
  IL: 'America/Chicago',
  TX: 'America/Chicago',
};

function directoryEvents(): { type: string; data: Record<string, unknown> }[] {
  const random = mulberry32(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const zips = Object.values(zipcodes.codes).filter(
    (z) => z.country === 'US' && ['NY', 'NJ', 'CA', 'IL', 'TX', 'PA', 'MA'].includes(z.state),
  );
  const at = NOW.toISOString();
  const events: { type: string; data: Record<string, unknown> }[] = [];
  const practices = Array.from({ length: PRACTICES }, (_, p) =>
    eventIdFor(`bench-practice-${p}`, -1),
  );
  practices.forEach((practice_id, p) =>
    events.push({
      type: 'PracticeRegistered',
      data: {
        practice_id,
        name: `Bench Practice ${p}`,
        time_zone: 'America/New_York',
        registered_at: at,
      },
    }),
  );
  const facilities = Array.from({ length: FACILITIES }, (_, f) => {
    const zip = pick(zips);
    const id = eventIdFor(`bench-facility-${f}`, -1);
    const practice_id = practices[f % PRACTICES]!;
    const zone = ZONES[zip.state] ?? 'America/New_York';
    events.push({
      type: 'DirectoryEntryRegistered',
      data: {
        id,
        practice_id,
        kind: 'facility',
        name: `${zip.city} Clinic ${f}`,
        details: {
          iana_time_zone: zone,
          office_visit: true,
          tele_visit: true,
          address: {
            address1: `${f} Main St`,
            city: zip.city,
            state: zip.state,
            zip_code: zip.zip,
          },
        },
        registered_at: at,
      },
    });
    return { id, practice_id, zone };
  });
  const first = [
    'Ana',
    'Ben',
    'Chen',
    'Dana',
    'Eli',
    'Fay',
    'Gus',
    'Hana',
    'Ivan',
    'Jo',
    'Kai',
    'Lena',
  ];
  const last = [
    'Adams',
    'Baker',
    'Cruz',
    'Diaz',
    'Evans',
    'Ford',
    'Gray',
    'Hall',
    'Ito',
    'Jones',
    'Khan',
    'Lee',
    'Moss',
    'Nash',
  ];
  const calendars: { type: string; data: Record<string, unknown> }[] = [];
  for (let n = 0; n < PROVIDERS; n++) {
    const id = eventIdFor(`bench-provider-${n}`, -1);
    const home = pick(facilities);
    const second =
      random() < 0.3
        ? facilities.find((f) => f.practice_id === home.practice_id && f.id !== home.id)
        : undefined;
    events.push({
      type: 'DirectoryEntryRegistered',
      data: {
        id,
        practice_id: home.practice_id,
        kind: 'provider',
        name: 'x',
        details: {
          first_name: pick(first),
          last_name: `${pick(last)}${n}`,
          provider_type: 'local',
          gender: random() < 0.5 ? 'Female' : 'Male',
          specialties:
            random() < 0.2
              ? [pick(SPECIALTIES).name, pick(SPECIALTIES).name]
              : [pick(SPECIALTIES).name],
          insurances: INSURANCES.filter(() => random() < 0.5).map((i) => i.name),
          languages:
            random() < 0.3 ? ['English', pick(['Spanish', 'Chinese', 'Korean'])] : ['English'],
          facility_ids: second ? [home.id, second.id] : [home.id],
          visit_amount: 100,
        },
        registered_at: at,
      },
    });
    for (const visit_type of random() < 0.33 ? ['Office', 'Telehealth'] : ['Office']) {
      const calendarId = eventIdFor(`bench-calendar-${n}-${visit_type}`, -1);
      calendars.push({
        type: 'CalendarCreated',
        data: {
          calendar_id: calendarId,
          practice_id: home.practice_id,
          name: `Calendar ${n}`,
          provider_id: id,
          resource_id: null,
          facility_id: home.id,
          time_zone: home.zone,
          visit_type,
          first_hour: visit_type === 'Office' ? 8 : 7,
          last_hour: visit_type === 'Office' ? 17 : 22,
          time_step: 30,
          working_days: visit_type === 'Office' ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6, 7],
          date_from: '2026-11-30',
          date_to: null,
          booking_capacity: 1,
          marked_time_spans: [],
          minutes_before_showing_slots: 60,
          slots_hide_hours: 0,
          online_booking_disabled: false,
          wait_list_enabled: false,
          can_check_in: true,
          accept_reject_enabled: false,
          hold_minutes: 10,
          created_at: at,
        },
      });
    }
  }
  return [...events, ...calendars];
}

async function main(): Promise<void> {
  const scratch = await openBenchDatabase('medbook_search');
  const database = connectDatabase(scratch.url, { max: 10, appName: 'medbook-bench' });
  const rows: { case: string; value: string; baseline: string; floor: string }[] = [];
  let missed = false;
  try {
    await migrateToLatest(database.db, path.join(PROJECT_ROOT, 'migrations'));
    const events = directoryEvents();
    const loadStart = performance.now();
    const projections: Projection[] = [providerSearchProjection, schedulingProjection];
    for (let i = 0; i < events.length; i += 1000) {
      await database.db.transaction().execute(async (trx) => {
        const batch = events.slice(i, i + 1000).map((event, offset) => {
          const position = i + offset + 1;
          return {
            id: eventIdFor(`bench-event-${position}`, 0),
            type: event.type,
            data: event.data,
            metadata: {},
            streamId: `bench-${position}`,
            streamRevision: 0,
            globalPosition: position,
            logPosition: { commit: position, position },
            recordedAt: NOW,
          } as unknown as RecordedEvent;
        });
        // A batch at a time, as the projection runner tells them (each projection's applyAll).
        for (const projection of projections) {
          const context = { trx, publish: () => undefined };
          if (projection.applyAll) await projection.applyAll(batch, context);
          else for (const recorded of batch) await projection.apply(recorded, context);
        }
      });
    }
    // As autovacuum leaves a live read model after a bulk load: statistics and a visibility map.
    await database.sql`VACUUM ANALYZE`;
    const loadSeconds = (performance.now() - loadStart) / 1000;
    process.stdout.write(`Projected ${events.length} events in ${loadSeconds.toFixed(1)} s\n`);

    const service = new ProviderSearchService(new ProviderSearchRepository(database), {
      now: () => NOW,
    });
    const time = async (run: () => Promise<unknown>): Promise<number[]> => {
      for (let w = 0; w < WARMUP; w++) await run();
      const latencies: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const started = performance.now();
        await run();
        latencies.push(performance.now() - started);
      }
      return latencies;
    };
    const baseline = await time(
      () => database.sql`SELECT provider_id, card FROM rm_search_providers
        WHERE specialties_key @> ARRAY['internist']::text[]
        ORDER BY last_name, first_name, provider_id LIMIT 5`,
    );
    process.stdout.write(`baseline: p99 ${percentile(baseline, 99).toFixed(2)} ms\n`);
    const baselineText = `p50 ${percentile(baseline, 50).toFixed(2)} ms, p99 ${percentile(baseline, 99).toFixed(2)} ms`;
    const cases: [string, ProviderSearchDto][] = [
      ['no filter, page 1 of 5', {}],
      ['specialty', { specialty: 'Internist', page_size: 15 }],
      ['condition + gender', { condition: 'Back Pain', gender_code: 'F', page_size: 15 }],
      [
        'specialty + zip, by distance',
        { specialty: 'Dermatologist', zip_code: '10001', sort_on: 'distance', page_size: 15 },
      ],
      [
        'zip within 25 miles + insurance',
        { zip_code: '07030', distance: 25, insurance_name: 'Aetna', page_size: 15 },
      ],
      [
        'zip, by distance, no other filter',
        { zip_code: '94110', sort_on: 'distance', page_size: 15 },
      ],
      ['date + office visit', { date: '2026-12-03', visit_type: 'Office', page_size: 15 }],
      [
        'Online Now (walk-in)',
        { walk_in_tele_visit_enabled: 'true', visit_type: 'Online Now', page_size: 15 },
      ],
      ['free text', { text_field: 'clinic 12', page_size: 15 }],
      // Issue 19: typed text matched by pg_trgm (a typo), relevance first, then the chosen sort.
      ['typed specialty with a typo', { specialty: 'dermatolgist', page_size: 15 }],
      ['typed provider name with a typo', { specialty: 'lena mos', page_size: 15 }],
      [
        'typed text + zip + filters, by distance',
        {
          specialty: 'cardiolgy',
          zip_code: '10001',
          distance: 100,
          visit_type: 'Office',
          insurance_name: 'Aetna',
          language: 'Spanish',
          gender_code: 'F',
          available_within_days: 3,
          sort_on: 'distance',
          page_size: 15,
        },
      ],
      [
        'tile label + soonest availability',
        { specialty: 'Primary Care', sort_on: 'availability', page_size: 15 },
      ],
      [
        'condition + video + available within 1 day, by availability',
        {
          condition: 'Back Pain',
          visit_type: 'Telehealth',
          available_within_days: 1,
          sort_on: 'availability',
          page_size: 15,
        },
      ],
      [
        'insurance shown, not narrowing + language',
        { insurance_name: 'Aetna', accepts_insurance: 'false', language: 'Spanish', page_size: 15 },
      ],
      ['deep page (page 200 of 15)', { page_no: 200, page_size: 15 }],
    ];
    for (const [label, dto] of cases) {
      const result = await service.search(dto);
      const latencies = await time(() => service.search(dto));
      const p99 = percentile(latencies, 99);
      if (p99 >= FLOOR_P99_MS) missed = true;
      process.stdout.write(
        `${label}: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms\n`,
      );
      rows.push({
        case: `${label} (${result.count} found)`,
        value: `p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`,
        baseline: baselineText,
        floor: `p99 < ${FLOOR_P99_MS} ms: ${p99 < FLOOR_P99_MS ? 'met' : 'MISSED'}`,
      });
    }
    const online = await time(() => service.online());
    rows.push({
      case: 'online doctors count',
      value: `p50 ${percentile(online, 50).toFixed(2)} ms, p99 ${percentile(online, 99).toFixed(2)} ms`,
      baseline: baselineText,
      floor: `p99 < ${FLOOR_P99_MS} ms: ${percentile(online, 99) < FLOOR_P99_MS ? 'met' : 'MISSED'}`,
    });
  } finally {
    await database.close();
    await scratch.close();
  }
  const machine = `${os.cpus().length} cores, Node ${process.version}`;
  const table = [
    `| Case (${PROVIDERS} providers; in-process service: query, cards, next availability) | Medbook | Raw indexed SELECT baseline | Floor |`,
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.case} | ${r.value} | ${r.baseline} | ${r.floor} |`),
  ].join('\n');
  process.stdout.write(`\n${machine}\n\n${table}\n`);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(
    path.join(RESULTS_DIR, 'search-latest.json'),
    JSON.stringify({ at: new Date().toISOString(), machine, rows }, null, 2),
  );
  await writeMarkdown(
    path.join(PROJECT_ROOT, 'tests/bench/SEARCH-RESULTS.md'),
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} with \`npm run bench:search\` (embedded PostgreSQL on the same machine).\n\n${table}\n`,
  );
  if (missed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
