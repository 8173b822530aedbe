/**
 * Reads RFC 4180 CSV back into records: fields may be quoted, a quoted field may hold commas,
 * line breaks and doubled quotes; records end with CRLF. Written apart from the API's writer so a
 * test reads the file as a spreadsheet would, not with the code that wrote it.
 */
export function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (char === '\n' || char === '"') {
      throw new Error(`not RFC 4180: a bare ${JSON.stringify(char)} at ${i}`);
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error('not RFC 4180: a quoted field is never closed');
  if (field !== '' || record.length > 0) {
    throw new Error('not RFC 4180: the last record has no CRLF');
  }
  return records;
}
