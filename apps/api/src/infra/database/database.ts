import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres, { type ReservedSql, type Sql } from 'postgres';
import type { DB } from './database.types';
import {
  AnsweredAlready,
  beginWrite,
  currentBudget,
  databaseWaitMs,
  noteDatabaseTrouble,
} from './request-deadline';

export interface Database {
  /** Where it connects: other clients of the same database (leadership locks, socket.io) use it. */
  readonly url: string;
  /** Read models and everything else, planned as PostgreSQL sees fit. */
  readonly sql: Sql;
  /** The event store's own pool, whose prepared statements keep one generic plan. */
  readonly eventStoreSql: Sql;
  readonly db: Kysely<DB>;
  /**
   * The projections' Kysely: the same pool, its statements prepared (see connectDatabase). For
   * the fixed statements the projections run over and over; the read side keeps `db`.
   */
  readonly projectionsDb: Kysely<DB>;
  /** The limits it was opened with. */
  readonly timeouts: DatabaseTimeouts;
  close(): Promise<void>;
}

/**
 * How long the API waits on PostgreSQL before it gives up: nothing may hang a request. A refused
 * or unreachable server fails a connection within `connectSeconds`; a statement or a lock wait
 * that runs long is cancelled by the server; a transaction left idle is ended by it.
 */
export interface DatabaseTimeouts {
  readonly connectSeconds: number;
  /** How long a read-model query waits for a free connection of the pool. */
  readonly acquireMs: number;
  readonly statementMs: number;
  readonly lockMs: number;
  readonly idleInTransactionMs: number;
  /** TCP keepalive: how soon a silently vanished server (a network cut) is noticed. */
  readonly keepAliveSeconds: number;
}

export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectSeconds: 1,
  acquireMs: 1500,
  statementMs: 15_000,
  lockMs: 5_000,
  idleInTransactionMs: 30_000,
  keepAliveSeconds: 5,
};

/** For long maintenance (migrations, rebuilds): no statement or lock limit. */
export const MAINTENANCE_TIMEOUTS: Partial<DatabaseTimeouts> = {
  statementMs: 0,
  lockMs: 0,
  acquireMs: 60_000,
};

/**
 * Seconds before a closed connection (a LISTEN one included) connects again: quick and capped,
 * so the API is back within a second of PostgreSQL (postgres.js grows it to 20 s by default).
 */
function reconnectBackoff(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 0.25) * (0.75 + Math.random() / 2);
}

/**
 * Two postgres.js pools of up to `max` connections each: one serves Kysely (read models), the
 * other the event store.
 *
 * The event store's statements keep one generic plan each. By default PostgreSQL re-plans a
 * statement whose generic plan looks dearer than its custom ones, and the booking append (a CTE
 * over unnest) was planned afresh every time: about 0.45 ms of the server's CPU per booking, half
 * its share (measured with one connection: 950 us per booking, 450 us with generic plans). The
 * read models' queries keep PostgreSQL's choice: forced generic plans made provider search with
 * dates three times slower.
 */
export function connectDatabase(
  url: string,
  options: {
    max?: number;
    appName?: string;
    /** Called with each statement's text as it is sent (profiling). */
    onQuery?: (query: string) => void;
    /** Time limits; the defaults suit the API (see DATABASE_TIMEOUTS). */
    timeouts?: Partial<DatabaseTimeouts>;
  } = {},
): Database {
  const onQuery = options.onQuery;
  const timeouts = { ...DATABASE_TIMEOUTS, ...options.timeouts };
  const pool = (connection: Record<string, string>) =>
    postgres(url, {
      max: options.max ?? 20,
      ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
      onnotice: () => undefined,
      connect_timeout: timeouts.connectSeconds,
      keep_alive: timeouts.keepAliveSeconds,
      backoff: reconnectBackoff,
      connection: {
        ...connection,
        statement_timeout: timeouts.statementMs,
        lock_timeout: timeouts.lockMs,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      },
    });
  const name = options.appName ?? 'medbook-api';
  const sql = pool({ application_name: name });
  const eventStoreSql = pool({
    application_name: `${name}-events`,
    plan_cache_mode: 'force_generic_plan',
  });
  const db = new Kysely<DB>({
    dialect: new PostgresJSDialect({ postgres: reservingWithin(sql, timeouts.acquireMs) }),
  });
  const projectionsDb = new Kysely<DB>({
    dialect: new PostgresJSDialect({
      postgres: reservingWithin(sql, timeouts.acquireMs, { prepare: true }),
    }),
  });
  return {
    url,
    sql,
    eventStoreSql,
    db,
    projectionsDb,
    timeouts,
    close: async () => {
      // Both end the one pool they share; the second end finds it ended.
      await Promise.all([db.destroy(), projectionsDb.destroy()]);
      // Bounded: a LISTEN connection may be re-connecting after PostgreSQL dropped it.
      await eventStoreSql.end({ timeout: 5 });
    },
  };
}

/**
 * Opens every connection of both pools now. postgres.js opens them as statements first need
 * them, so the first burst of requests after a start waits for PostgreSQL to start a backend
 * for each (authentication included); on a busy machine that wait can exceed the 1-second
 * connect timeout and answer 503. Opened before the process listens, a burst finds them ready.
 * Answers how many statements failed (the pools then open those connections later, as before).
 */
export async function openConnections(database: Database, max: number): Promise<number> {
  const outcomes = await Promise.allSettled(
    [database.sql, database.eventStoreSql].flatMap((sql) =>
      Array.from({ length: max }, () => sql`SELECT 1`),
    ),
  );
  return outcomes.filter((outcome) => outcome.status === 'rejected').length;
}

/**
 * Kysely takes a reserved connection for every query. postgres.js queues a reservation while no
 * connection is open and, with PostgreSQL away, may keep it queued for good: a request would hang.
 * This pool answers a reservation within `ms` (less when the request's deadline is nearer, see
 * request-deadline.ts) or fails it with CONNECT_TIMEOUT (a 503), and hands back a connection that
 * arrives after its caller gave up.
 *
 * `prepare`: Kysely sends its SQL through postgres.js's `unsafe`, which does not prepare it: each
 * statement then costs two round trips (a describe of its parameters, then its execution) and a
 * fresh plan. Prepared (named, once per connection and text), later runs take one round trip and
 * PostgreSQL may keep a plan. postgres.js re-prepares a statement that a schema change made stale.
 */
function reservingWithin(sql: Sql, ms: number, options: { prepare?: boolean } = {}): Sql {
  const reserve = async () => {
    const budget = currentBudget();
    // A request answered already (503 at its time limit) takes no more connections.
    if (budget?.answered) throw new AnsweredAlready();
    let expired = false;
    let timer: NodeJS.Timeout | undefined;
    // Within a request, no longer than its deadline leaves (a free connection is still taken:
    // it arrives before even a 0 ms timer).
    const waitMs = databaseWaitMs(ms);
    const pending = sql.reserve();
    void pending.then(
      (connection) => expired && connection.release(),
      () => undefined,
    );
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        noteDatabaseTrouble();
        reject(
          Object.assign(new Error(`No database connection within ${waitMs} ms`), {
            code: 'CONNECT_TIMEOUT',
          }),
        );
      }, waitMs);
    });
    try {
      const connection = await Promise.race([pending, timedOut]);
      const prepared = options.prepare ? preparing(connection) : connection;
      return budget ? noticingWrites(prepared) : prepared;
    } finally {
      clearTimeout(timer);
    }
  };
  return new Proxy(sql, {
    get: (target, property, receiver) =>
      property === 'reserve' ? reserve : (Reflect.get(target, property, receiver) as unknown),
  });
}

type Unsafe = (
  query: string,
  parameters?: postgres.ParameterOrJSON<never>[],
  options?: postgres.UnsafeQueryOptions,
) => ReturnType<ReservedSql['unsafe']>;

/** A reserved connection whose `unsafe` (how Kysely sends its SQL) goes through `wrap`. */
function withUnsafe(connection: ReservedSql, wrap: (unsafe: Unsafe) => Unsafe): ReservedSql {
  return new Proxy(connection, {
    get: (target, property, receiver) =>
      property === 'unsafe'
        ? wrap((query, parameters, options) => target.unsafe(query, parameters, options))
        : (Reflect.get(target, property, receiver) as unknown),
  });
}

/**
 * A reserved connection of a request under a budget (the database in trouble): a statement that
 * may write (anything but a SELECT: Kysely's transactions begin with BEGIN) first marks the
 * request as writing, so it is not answered 503 while its outcome is unknown, and is never sent
 * for a request answered already.
 */
function noticingWrites(connection: ReservedSql): ReservedSql {
  return withUnsafe(connection, (unsafe) => (query, parameters, options) => {
    if (!/^\s*select\b/i.test(query)) beginWrite();
    return unsafe(query, parameters, options);
  });
}

/** A reserved connection whose `unsafe` statements (Kysely's) are prepared. */
function preparing(connection: ReservedSql): ReservedSql {
  return withUnsafe(
    connection,
    (unsafe) => (query, parameters, options) =>
      unsafe(query, parameters, { prepare: true, ...options }),
  );
}

export const DATABASE = Symbol('DATABASE');
