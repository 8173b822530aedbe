import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that
 * some programs strip first) gets a leading apostrophe, so it is shown as the text it is.
 */
export const inertCell = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/**
 * RFC 4180 CSV: a header line, CRLF between records, and a field quoted (its quotes doubled)
 * when it holds a comma, a quote or a line break. Every text cell is made inert.
 */
export function csvFile(
  header: readonly string[],
  records: readonly (readonly (string | number)[])[],
): string {
  return stringify([header.map(inertCell), ...records.map((r) => r.map(cellOf))], {
    record_delimiter: 'windows',
    eof: true,
  });
}

const cellOf = (value: string | number): string =>
  typeof value === 'number' ? String(value) : inertCell(value);
