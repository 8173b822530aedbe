import { type RawBuilder, sql } from 'kysely';

// A batch's columns as PostgreSQL array literals: each column's values as one text parameter,
// cast in SQL (`$1::text::uuid[]`). PostgreSQL reads a batch's worth of arrays three to four
// times faster than the same rows as JSON objects (which repeat every column's name in every
// row), and postgres.js would escape each element of an array parameter itself (and type the
// array by its first element).

/** A value of a column, as an element of an array literal. */
export type Scalar = string | number | boolean | null;

/** The rows' values of one column as an array literal. Strings are always quoted. */
export function arrayOf<T>(rows: readonly T[], value: (row: T) => Scalar): string {
  const values = rows.map(value);
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
 * connection). `columns` pairs each column's name with its PostgreSQL type and its values, all
 * of one length.
 */
export function unnestInsert(
  table: string,
  columns: readonly (readonly [name: string, type: string, values: readonly Scalar[]])[],
  conflict: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const names = sql.join(columns.map(([name]) => sql.id(name)));
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${arrayOf(values, (v) => v)}::text::${sql.raw(type)}[]`),
  );
  return sql`INSERT INTO ${sql.table(table)} (${names}) SELECT * FROM unnest(${arrays}) ${conflict}`;
}
