import { csvFile, inertCell } from './csv-file';

describe('csvFile', () => {
  it('quotes commas, quotes and line breaks and ends records with CRLF', () => {
    expect(csvFile(['Provider', 'Total'], [['Smith, "Jo"\nJr', 3]])).toBe(
      'Provider,Total\r\n"Smith, ""Jo""\nJr",3\r\n',
    );
  });

  it('makes formula cells inert and leaves numbers alone', () => {
    expect(csvFile(['a', 'b', 'c', 'd'], [['=SUM(A1)', '+1', '@x', -2]])).toBe(
      "a,b,c,d\r\n'=SUM(A1),'+1,'@x,-2\r\n",
    );
  });

  it.each([
    ['-1+2', "'-1+2"],
    ['\tcmd', "'\tcmd"],
    ['Dr. Who', 'Dr. Who'],
    ['a=b', 'a=b'],
  ])('inertCell(%j) is %j', (value, expected) => {
    expect(inertCell(value)).toBe(expected);
  });
});
