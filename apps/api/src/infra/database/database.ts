import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres, { type Sql } from 'postgres';
import type { DB } from './database.types';

export interface Database {
  readonly sql: Sql;
  readonly db: Kysely<DB>;
  close(): Promise<void>;
}

/** One postgres.js pool serves both Kysely (read models) and the event store. */
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
  const sql = postgres(url, {
    max: options.max ?? 20,
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    onnotice: () => undefined,
    connection: { application_name: options.appName ?? 'medbook-api' },
  });
  const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }) });
  return {
    sql,
    db,
    close: () => db.destroy(),
  };
}

export const DATABASE = Symbol('DATABASE');
