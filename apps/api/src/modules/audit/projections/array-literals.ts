import { type RawBuilder, sql } from 'kysely';

/** A value of a column sent as an element of a PostgreSQL array literal. */
export type Scalar = string | number | boolean | null;

/**
 * A column's values as one PostgreSQL array literal (sent as text, cast in SQL): PostgreSQL reads
 * a batch's columns as arrays faster than the same rows as JSON objects, which repeat every
 * column's name in every row. Strings are quoted, so no value can end an element early.
 * (The same rule as scheduling-batch.ts's own, which is private to that module.)
 */
export function arrayLiteral(values: readonly Scalar[]): string {
  // JSON's own quoting is the array literal's (unquoted null is NULL) as long as it escaped
  // nothing: a quote, a backslash or a control character would read otherwise.
  const json = JSON.stringify(values);
  if (!json.includes('\\')) return `{${json.slice(1, -1)}}`;
  const parts = values.map((v) =>
    v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/["\\]/g, '\\$&')}"` : String(v),
  );
  return `{${parts.join(',')}}`;
}

/**
 * `INSERT INTO table (columns) SELECT * FROM unnest(...)`: each column one array literal cast to
 * its type, so the statement's text is the same whatever the number of rows (prepared once per
 * connection). `columns` pairs each column's name with its PostgreSQL type and its values, all of
 * one length.
 */
export function unnestInsert(
  table: string,
  columns: readonly (readonly [name: string, type: string, values: readonly Scalar[]])[],
  conflict: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const names = sql.join(columns.map(([name]) => sql.id(name)));
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${arrayLiteral(values)}::text::${sql.raw(type)}[]`),
  );
  return sql`INSERT INTO ${sql.table(table)} (${names}) SELECT * FROM unnest(${arrays}) ${conflict}`;
}
