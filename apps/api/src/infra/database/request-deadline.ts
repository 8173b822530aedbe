import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long after its arrival an API request may still wait for a database connection: the
 * pool's limit for one wait (`acquireMs`, 1.5 s in service) and this much more. Every request
 * must answer within 2 s while PostgreSQL is away (issue 15), and a request may wait more than
 * once: its session's read, then its handler's reads. Each wait alone is bounded, but two in a
 * row could take twice that: a CI run met 503s after 2.98 s (the session's read got a connection
 * just before its limit as PostgreSQL came back, then the handler's read waited out its own).
 * Past the deadline a request takes only a connection that is free at once, or answers 503.
 */
export const REQUEST_DEADLINE_BEYOND_ONE_WAIT_MS = 200;

/**
 * How long after the database last failed a wait or a request deadlines stay in force. Carrying
 * a deadline through a request's async calls needs an AsyncLocalStorage, and while one is in use
 * Node 20 runs a hook on every promise of the process: about 0.1 us each, 5 to 7 % of a
 * booking's throughput in the booking bench (four A/B pairs). Healthy, the pool answers each
 * wait in milliseconds and one wait's own limit bounds it; a second long wait follows a first
 * only while PostgreSQL is away or coming back, when waits have been failing.
 */
export const DEADLINES_AFTER_TROUBLE_MS = 30_000;

const deadlines = new AsyncLocalStorage<number>();
let troubleUntil = Number.NEGATIVE_INFINITY;
let inUse = false;

/** The database failed a wait or a request (unreachable, no connection in time). */
export function noteDatabaseTrouble(): void {
  troubleUntil = performance.now() + DEADLINES_AFTER_TROUBLE_MS;
}

/**
 * Runs `work` (and all it starts) under a deadline, a `performance.now()` instant, while the
 * database has failed recently; otherwise runs it as it is, and stops the storage's hooks.
 */
export function withDatabaseDeadline<T>(deadline: number, work: () => T): T {
  if (performance.now() >= troubleUntil) {
    if (inUse) {
      inUse = false;
      deadlines.disable();
    }
    return work();
  }
  inUse = true;
  return deadlines.run(deadline, work);
}

/**
 * How long the current request may still wait for the database (0 once its deadline passed), or
 * `fallback` outside a deadline (healthy times, projections, schedulers, sockets): their own limits.
 */
export function databaseWaitMs(fallback: number): number {
  const deadline = deadlines.getStore();
  if (deadline === undefined) return fallback;
  return Math.min(fallback, Math.max(0, deadline - performance.now()));
}
