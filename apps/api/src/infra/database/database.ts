import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres, { type Sql } from 'postgres';
import type { DB } from './database.types';

export interface Database {
  /** Read models and everything else, planned as PostgreSQL sees fit. */
  readonly sql: Sql;
  /** The event store's own pool, whose prepared statements keep one generic plan. */
  readonly eventStoreSql: Sql;
  readonly db: Kysely<DB>;
  close(): Promise<void>;
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
  } = {},
): Database {
  const onQuery = options.onQuery;
  const pool = (connection: Record<string, string>) =>
    postgres(url, {
      max: options.max ?? 20,
      ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
      onnotice: () => undefined,
      connection,
    });
  const name = options.appName ?? 'medbook-api';
  const sql = pool({ application_name: name });
  const eventStoreSql = pool({
    application_name: `${name}-events`,
    plan_cache_mode: 'force_generic_plan',
  });
  const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }) });
  return {
    sql,
    eventStoreSql,
    db,
    close: async () => {
      await db.destroy();
      // Bounded: a LISTEN connection may be re-connecting after PostgreSQL dropped it.
      await eventStoreSql.end({ timeout: 5 });
    },
  };
}

export const DATABASE = Symbol('DATABASE');
