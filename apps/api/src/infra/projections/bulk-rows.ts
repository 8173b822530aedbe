import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../database/database.types';

// How projections write a batch: a few statements of a constant text, whatever the batch's size.

/** A column's PostgreSQL type (arrays read from JSON arrays). */
export type ColumnType =
  | 'uuid'
  | 'text'
  | 'bigint'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'timestamptz'
  | 'jsonb'
  | 'double precision'
  | 'integer[]'
  | 'text[]'
  | 'uuid[]';

/** The columns a statement writes, in order, with their types: fields of its rows. */
export type Columns<Row, K extends keyof Row & string = keyof Row & string> = {
  readonly [P in K]: ColumnType;
};

/**
 * Rows in one statement with one parameter, their JSON (`INSERT ... SELECT FROM
 * json_to_recordset($1)`): one JSON.stringify instead of a value or an array element each to
 * serialize, and a statement text the same whatever the number of rows, so each connection
 * prepares it once, where a multi-row VALUES list is parsed and planned afresh for each count of
 * rows. Values read as each column's type reads text (Dates as their ISO text); a jsonb column
 * takes the JSON value itself. `conflict` is the statement's ON CONFLICT clause;
 * `excluded.<column>` names the row that conflicted, as after VALUES. No rows insert nothing.
 */
export function rowsInsert<Row extends object, K extends keyof Row & string>(
  table: keyof DB,
  columns: Columns<Row, K>,
  rows: readonly Row[],
  conflict: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const { names, from } = recordSet(columns, rows);
  const ids = sql.join(names.map((name) => sql.id(name)));
  return sql`INSERT INTO ${sql.table(table)} (${ids}) SELECT ${ids} FROM ${from} ${conflict}`;
}

/**
 * Rows as a set of typed records `r` (`json_to_recordset($1) AS r(...)`), from one JSON
 * parameter: for an INSERT (rowsInsert) or an UPDATE ... FROM.
 */
export function recordSet<Row extends object, K extends keyof Row & string>(
  columns: Columns<Row, K>,
  rows: readonly Row[],
): { readonly names: K[]; readonly from: RawBuilder<unknown> } {
  const names = Object.keys(columns) as K[];
  const records = rows.map((row) => {
    const record: Partial<Record<K, unknown>> = {};
    for (const name of names) record[name] = row[name];
    return record;
  });
  const types = sql.join(names.map((name) => sql`${sql.id(name)} ${sql.raw(columns[name])}`));
  // As text, cast by the statement: postgres.js would encode a json parameter again.
  return {
    names,
    from: sql`json_to_recordset(${JSON.stringify(records)}::text::json) AS r(${types})`,
  };
}

/** One rowsInsert, sent only if there are rows. */
export async function insertRows<Row extends object, K extends keyof Row & string>(
  trx: Transaction<DB>,
  table: keyof DB,
  columns: Columns<Row, K>,
  rows: readonly Row[],
  conflict: RawBuilder<unknown>,
): Promise<void> {
  if (rows.length > 0) await rowsInsert(table, columns, rows, conflict).execute(trx);
}

/**
 * Several writes (inserts, deletes) of distinct rows as one statement, each a WITH query of it:
 * one round trip to PostgreSQL instead of one each, which is most of a batch's time when the
 * server is busy. They see the tables as they were before the statement, so none may depend on
 * another's rows, nor two touch the same row.
 */
export async function writeTogether(
  trx: Transaction<DB>,
  writes: readonly RawBuilder<unknown>[],
): Promise<void> {
  if (writes.length === 0) return;
  const parts = writes.map((write, i) => sql`${sql.id(`write_${i}`)} AS (${write})`);
  await sql`WITH ${sql.join(parts)} SELECT 1`.execute(trx);
}

/** ON CONFLICT (keys) DO UPDATE SET each column = the conflicting row's. */
export function updating(keys: readonly string[], columns: readonly string[]): RawBuilder<unknown> {
  const set = columns.map((column) => sql`${sql.id(column)} = ${sql.ref(`excluded.${column}`)}`);
  return sql`ON CONFLICT (${sql.join(keys.map((key) => sql.id(key)))}) DO UPDATE SET ${sql.join(set)}`;
}

/** ON CONFLICT (keys) DO NOTHING. */
export function ignoring(keys: readonly string[]): RawBuilder<unknown> {
  return sql`ON CONFLICT (${sql.join(keys.map((key) => sql.id(key)))}) DO NOTHING`;
}
