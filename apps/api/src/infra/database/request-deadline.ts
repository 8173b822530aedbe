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

/**
 * When an API request that arrived while the database was in trouble is answered 503 if it has
 * not answered by itself, counted from its arrival (one wait's limit in service). The waits'
 * deadline is not the whole story: a statement that got its connection may still run long (a
 * PostgreSQL just back, a busy machine), and a CI run's outage test met answers after 2.8 to
 * 3.1 s with waits bounded at 1.7 s. A request must answer within 2 s while PostgreSQL is away
 * (issue 15); this leaves half a second for a busy machine's lag. Only a request that has not
 * begun to write is answered so (see `beginWrite`); one that has waits for its write's outcome,
 * its further waits bounded by the deadline.
 */
export const ANSWER_BY_MS = 1500;

/** One request's share of the database while it is in trouble. */
export interface RequestBudget {
  /** The `performance.now()` instant after which its waits end at once. */
  readonly deadline: number;
  /** Answered already (503 at ANSWER_BY_MS): it may neither wait nor write any more. */
  answered: boolean;
  /** It has sent a write (an append or a statement that may change rows): it is not cut short. */
  writing: boolean;
}

const budgets = new AsyncLocalStorage<RequestBudget>();
let troubleUntil = Number.NEGATIVE_INFINITY;
let inUse = false;

/** The database failed a wait or a request (unreachable, no connection in time). */
export function noteDatabaseTrouble(): void {
  troubleUntil = performance.now() + DEADLINES_AFTER_TROUBLE_MS;
}

/** Whether the database has failed lately, so requests now run under a budget. */
export function databaseInTrouble(): boolean {
  return performance.now() < troubleUntil;
}

/**
 * Runs `work` (and all it starts) under `budget` while the database has failed recently;
 * otherwise runs it as it is, and stops the storage's hooks.
 */
export function withRequestBudget<T>(budget: RequestBudget | null, work: () => T): T {
  if (!budget || !databaseInTrouble()) {
    if (inUse) {
      inUse = false;
      budgets.disable();
    }
    return work();
  }
  inUse = true;
  return budgets.run(budget, work);
}

/** A budget whose waits end at `deadline`. */
export function budgetUntil(deadline: number): RequestBudget {
  return { deadline, answered: false, writing: false };
}

/** Runs `work` with waits that end at `deadline` while the database has failed recently. */
export function withDatabaseDeadline<T>(deadline: number, work: () => T): T {
  return withRequestBudget(budgetUntil(deadline), work);
}

/** The budget of the request being served, if it runs under one. */
export function currentBudget(): RequestBudget | undefined {
  return inUse ? budgets.getStore() : undefined;
}

/**
 * How long the current request may still wait for the database (0 once its deadline passed), or
 * `fallback` outside a deadline (healthy times, projections, schedulers, sockets): their own limits.
 */
export function databaseWaitMs(fallback: number): number {
  const budget = currentBudget();
  if (budget === undefined) return fallback;
  if (budget.answered) return 0;
  return Math.min(fallback, Math.max(0, budget.deadline - performance.now()));
}

/** Thrown for a request already answered 503 that would begin to write: nothing is written. */
export class AnsweredAlready extends Error {
  readonly code = 'CONNECT_TIMEOUT';
  constructor() {
    super('The request was answered 503 before it began to write');
  }
}

/**
 * Called before a request's write is sent. Throws AnsweredAlready when the request was answered
 * 503 already (its answer said nothing was changed, so nothing may be), and otherwise keeps the
 * request from being cut short while the write's outcome is unknown.
 */
export function beginWrite(): void {
  const budget = currentBudget();
  if (!budget) return;
  if (budget.answered) throw new AnsweredAlready();
  budget.writing = true;
}
