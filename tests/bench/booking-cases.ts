// The booking bench's cases after the load rounds (booking.bench.ts): the capacity race,
// commit-to-socket with many sockets, and the week query. Each measures on a running service and
// answers its rows of the results table.
import { type BookingService, commitToSocket } from './booking-setup';
import { percentile } from './percentiles';
import { processState } from './process-state';

export interface ResultRow {
  readonly case: string;
  readonly value: string;
  readonly baseline: string;
  readonly floor: string;
}

/** 200 clients book one slot of capacity 5 at once: exactly 5 may win. */
export async function capacityRace(service: BookingService): Promise<ResultRow> {
  const raceCalendar = await service.calendar(5);
  const raceStart = service.slotStarts(1)[100]!;
  const raceStarted = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => service.book(raceCalendar, raceStart)),
  );
  const raceMs = performance.now() - raceStarted;
  const won = answers.filter((a) => a.status === 201).length;
  const lost = answers.filter((a) => a.status === 409).length;
  return {
    case: 'capacity race: 200 clients, one slot of capacity 5',
    value: `${won} booked, ${lost} refused, ${200 - won - lost} other, in ${raceMs.toFixed(0)} ms`,
    baseline: '-',
    floor: `exactly 5 booked: ${won === 5 && lost === 195 ? 'met' : 'MISSED'}`,
  };
}

/**
 * Commit-to-socket latency with `sockets` sockets watching the calendar, once the projections
 * have caught up with the bookings before it (a backlog is not latency).
 */
export async function socketCase(service: BookingService, sockets: number): Promise<ResultRow> {
  await service.projectionsIdle();
  process.stdout.write(`Before the socket case: ${await processState(service.port)}\n`);
  process.stdout.write(`Connecting ${sockets} sockets...\n`);
  const { delivery, expected, first, spread } = await commitToSocket(service, sockets);
  const p = (values: number[], n: number) => percentile(values, n).toFixed(1);
  return {
    case: `commit-to-socket, ${sockets} sockets on the calendar (${delivery.length} deliveries of ${expected}; per booking, its first socket and the spread to its last)`,
    value:
      `p50 ${p(delivery, 50)} ms, p99 ${p(delivery, 99)} ms ` +
      `(first socket p50 ${p(first, 50)}, p99 ${p(first, 99)} ms; ` +
      `spread p50 ${p(spread, 50)}, p99 ${p(spread, 99)} ms)`,
    baseline: '-',
    floor: `p99 < 100 ms: ${percentile(delivery, 99) < 100 && delivery.length === expected ? 'met' : 'MISSED'}`,
  };
}

/**
 * The week query, for a provider with 10 calendars: clinic-shaped ones (200 slots a week), and
 * the dense ones of the booking cases (1,440 slots a week, a response of about 250 kB); each
 * beside a raw read of the same calendars' capacity rows.
 */
export async function weekCases(service: BookingService, queries: number): Promise<ResultRow[]> {
  const weekCase = async (label: string, calendars: string[]): Promise<ResultRow> => {
    process.stdout.write(
      `Before the week queries (${label}): ${await processState(service.port)}\n`,
    );
    // From the load process, as browsers are: parsing 250 kB answers is the client's work.
    const weeks = await service.load({
      mode: 'reads',
      calendarId: calendars[0]!,
      starts: [],
      reads: Array.from(
        { length: queries },
        (_, i) => `${service.base}/calendars/${calendars[i % 10]}/week`,
      ),
    });
    const weekFailed = Object.values(weeks.failures).reduce((a, b) => a + b, 0);
    if (weekFailed > 0) throw new Error(`week queries failed: ${JSON.stringify(weeks.failures)}`);
    const weekLatencies = weeks.latencies;
    const rawWeek: number[] = [];
    for (let i = 0; i < queries; i += 1) {
      const t0 = performance.now();
      await service.database
        .sql`SELECT * FROM rm_slot_capacity WHERE calendar_id = ${calendars[i % 10]!} LIMIT 2000`;
      rawWeek.push(performance.now() - t0);
    }
    return {
      case: `week query (5 days), provider with 10 calendars: ${label}`,
      value: `p50 ${percentile(weekLatencies, 50).toFixed(1)} ms, p99 ${percentile(weekLatencies, 99).toFixed(1)} ms`,
      baseline: `p50 ${percentile(rawWeek, 50).toFixed(1)} ms, p99 ${percentile(rawWeek, 99).toFixed(1)} ms`,
      floor: `p99 < 20 ms: ${percentile(weekLatencies, 99) < 20 ? 'met' : 'MISSED'}`,
    };
  };
  const calendars = (hours?: [number, number], step?: number) =>
    Promise.all(Array.from({ length: 10 }, () => service.calendar(3, hours, step)));
  return [
    await weekCase('8:00-18:00 every 15 min (200 slots)', await calendars([8, 18], 15)),
    await weekCase('24 h every 5 min (1,440 slots)', await calendars()),
  ];
}
