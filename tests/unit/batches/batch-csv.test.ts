// Reading a portfolio CSV into batch rows (issue 11 item 4): header spellings, quoting, semicolons, and each
// kind of bad row reported on its own row while the others go on.
import { describe, expect, it } from 'vitest';
import { BATCH_CSV_MESSAGES, parseBatchCsv, parseCsv } from '../../../server/services/batch-csv';

describe('parseCsv', () => {
  it('reads quoted cells with delimiters, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,y,,z\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', 'y', '', 'z'],
    ]);
  });
  it('refuses a quote that never ends', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(BATCH_CSV_MESSAGES.unclosedQuote);
  });
});

describe('parseBatchCsv', () => {
  it('finds the columns by their usual names, in any order, and numbers rows as a spreadsheet does', () => {
    const rows = parseBatchCsv('\uFEFFLat,Policy Number,LONG,Property_Address\n38.9,P-1,-77.03,\n,P-2,,"1 Main St, Springfield"\n');
    expect(rows).toEqual([
      { rowNumber: 2, referenceId: 'P-1', address: null, latitude: 38.9, longitude: -77.03, status: 'pending', error: null },
      {
        rowNumber: 3,
        referenceId: 'P-2',
        address: '1 Main St, Springfield',
        latitude: null,
        longitude: null,
        status: 'pending',
        error: null,
      },
    ]);
  });

  it('reads semicolon files (spreadsheets set to a decimal comma)', () => {
    expect(parseBatchCsv('address;reference\n1 Main St;R1\n')[0]).toMatchObject({ address: '1 Main St', referenceId: 'R1' });
  });

  it('reports each bad row with its reason and keeps the good ones', () => {
    const rows = parseBatchCsv(
      [
        'id,address,latitude,longitude',
        'A,,,',
        'B,,38.9,',
        'C,,38.9,abc',
        'D,,95,10',
        'E,5 Elm St,,',
        'E,6 Elm St,,',
        '',
        'F,,-33.86,151.2',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.rowNumber, r.status, r.error])).toEqual([
      [2, 'invalid', BATCH_CSV_MESSAGES.noPlace],
      [3, 'invalid', BATCH_CSV_MESSAGES.badCoordinates('38.9', '')],
      [4, 'invalid', BATCH_CSV_MESSAGES.badCoordinates('38.9', 'abc')],
      [5, 'invalid', BATCH_CSV_MESSAGES.badCoordinates('95', '10')],
      [6, 'pending', null],
      [7, 'invalid', 'Duplicate reference "E" (first on row 6).'],
      [9, 'pending', null],
    ]);
  });

  it('refuses a file that is no portfolio', () => {
    expect(() => parseBatchCsv('')).toThrow(BATCH_CSV_MESSAGES.empty);
    expect(() => parseBatchCsv('name,city\nA,B\n')).toThrow(BATCH_CSV_MESSAGES.noColumns);
    expect(() => parseBatchCsv('latitude\n1\n')).toThrow(BATCH_CSV_MESSAGES.noColumns);
    expect(() => parseBatchCsv('address\n\n\n')).toThrow(BATCH_CSV_MESSAGES.noRows);
    expect(() => parseBatchCsv(`address\n${'1 Main St\n'.repeat(10_001)}`)).toThrow(
      'A batch has at most 10,000 rows; this file has 10,001.',
    );
    expect(parseBatchCsv(`address\n${'1 Main St\n'.repeat(10_000)}`)).toHaveLength(10_000);
  });
});
