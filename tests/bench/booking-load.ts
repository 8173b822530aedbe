// The booking load generator of `npm run bench:booking`, run as its own process (as real clients
// are): the API's event loop serves requests and does not also run the clients' fetch calls.
// Closed loop: `clients` clients book back to back until the slots run out (maximum throughput).
// Open loop: bookings are sent at a fixed offered rate, evenly spaced, whether or not earlier ones
// have answered; each latency counts from the booking's scheduled send time, so a stalled server
// cannot hide its queue (no coordinated omission). `connections` keep-alive connections are open
// before the clock starts and reused; a booking due while all are busy opens another (the result
// counts them: a saturated API process accepts one new connection per event-loop turn, so those
// wait in the kernel's accept queue; see docs/benchmarks.md, Overload). The
// clients use node:http rather than fetch: fetch cost this process about three times the CPU,
// which on a 2-core machine the server under test lost.
import http from 'node:http';
import { percentile } from './percentiles';

export interface LoadRequest {
  /** 'reads': one client GETs each of `reads` in turn and parses the JSON (the week query). */
  readonly mode: 'closed' | 'open' | 'reads';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly calendarId: string;
  readonly starts: readonly string[];
  readonly clients: number;
  /**
   * Registered patients booked for in turn: every booking is of a distinct slot, so a patient
   * may book many (the API refuses an id that is not a patient's).
   */
  readonly patientIds: readonly string[];
  readonly reads?: readonly string[];
  /** Open loop only: bookings per second offered. */
  readonly rate?: number;
  /**
   * Open loop only: keep-alive connections opened before the clock starts, as a load balancer's
   * upstream pool or wrk2's `-c` holds them (more open only when all are busy).
   */
  readonly connections?: number;
}

export interface LoadResult {
  readonly latencies: number[];
  /** Each answer's HTTP status (0: no answer, the connection failed), in the order of `latencies`. */
  readonly statuses: number[];
  /** When each booking was due (ms after the start), in the order of `latencies`. */
  readonly dueAt: number[];
  readonly seconds: number;
  readonly failures: Record<string, number>;
  readonly maxInFlight: number;
  /**
   * Open loop only: how late this process sent each booking after it was due, p99 and max (ms).
   * Latencies count from the due time, so this lag is in them: it shows how much of a tail is
   * the generator's own.
   */
  readonly sendLag: { readonly p99: number; readonly max: number };
  /** New connections the generator opened, and how long each took to connect (ms). */
  readonly connects: { count: number; p50: number; p99: number; max: number };
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: number[] = [];
  const dueAt: number[] = [];
  const failures: Record<string, number> = {};
  const sendLags: number[] = [];
  const connects: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Infinity,
    maxFreeSockets: Math.max(256, request.connections ?? 0),
  });
  const send = (url: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = http.request(
        url,
        {
          method: body === undefined ? 'GET' : 'POST',
          agent,
          headers:
            body === undefined
              ? {}
              : {
                  ...request.headers,
                  'content-length': Buffer.byteLength(body),
                  'x-bench-sent': String(performance.timeOrigin + performance.now()),
                },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', (error) => resolve({ status: 0, text: String(error) }));
        },
      );
      req.on('error', (error) => resolve({ status: 0, text: String(error) }));
      const asked = performance.now();
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        socket.once('connect', () => connects.push(performance.now() - asked));
      });
      req.end(body);
    });
  let booked = 0;
  const book = async (start: string, since: number) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = await send(
      request.url,
      JSON.stringify({
        calendar_id: request.calendarId,
        start_date: start,
        patient_id: request.patientIds[booked++ % request.patientIds.length],
      }),
    );
    latencies.push(performance.now() - since);
    statuses.push(answer.status);
    dueAt.push(since - started);
    inFlight -= 1;
    if (answer.status !== 201) {
      const key = `${answer.status} ${answer.text.slice(0, 120)}`;
      failures[key] = (failures[key] ?? 0) + 1;
    }
  };
  let started = performance.now();
  if (request.mode === 'reads') {
    for (const url of request.reads ?? []) {
      const t0 = performance.now();
      const answer = await send(url);
      JSON.parse(answer.text);
      latencies.push(performance.now() - t0);
      statuses.push(answer.status);
      dueAt.push(t0 - started);
      if (answer.status !== 200) {
        const key = `${answer.status} ${answer.text.slice(0, 120)}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  } else if (request.mode === 'closed') {
    const queue = [...request.starts];
    await Promise.all(
      Array.from({ length: request.clients }, async () => {
        for (let start = queue.pop(); start; start = queue.pop()) {
          await book(start, performance.now());
        }
      }),
    );
  } else {
    // Open the pool: that many requests at once, each on a connection of its own, kept alive
    // (the health check; the CRUD server answers it 404, which keeps the connection as well).
    const warmUrl = new URL('/api/v1/health', request.url).href;
    await Promise.all(Array.from({ length: request.connections ?? 0 }, () => send(warmUrl)));
    connects.length = 0;
    started = performance.now();
    const interval = 1000 / request.rate!;
    const sent: Promise<void>[] = [];
    // Booking k is due at started + k * interval. Each turn sends every booking now due, then
    // yields, so answers are read and their connections reused while the schedule goes on: a
    // generator that sent every overdue booking in one synchronous run would hold back its own
    // requests (none is written until the loop yields) and charge its lag to the server.
    for (let k = 0; k < request.starts.length;) {
      const now = performance.now();
      for (; k < request.starts.length && started + k * interval <= now; k += 1) {
        const due = started + k * interval;
        sendLags.push(now - due);
        sent.push(book(request.starts[k]!, due));
      }
      const wait = started + k * interval - performance.now();
      // A timer even when the next is due sooner than its 1 ms grain: spinning on setImmediate
      // would burn a core the servers under test share.
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
    }
    await Promise.all(sent);
  }
  agent.destroy();
  return {
    latencies,
    statuses,
    dueAt,
    seconds: (performance.now() - started) / 1000,
    failures,
    maxInFlight,
    connects: {
      count: connects.length,
      p50: percentile(connects, 50),
      p99: percentile(connects, 99),
      max: connects.reduce((a, b) => Math.max(a, b), 0),
    },
    sendLag: {
      p99: percentile(sendLags, 99),
      max: sendLags.reduce((a, b) => Math.max(a, b), 0),
    },
  };
}

process.once('message', (request: LoadRequest) => {
  run(request).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(
        `Load failed: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(1);
    },
  );
});
