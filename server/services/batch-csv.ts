// A portfolio CSV (issue 11 item 4) read into batch rows: a header row names the columns (address, or
// latitude and longitude, and an optional policy/reference id, in any order and common spellings), then
// one property per row. A bad row (no address, unparseable coordinates, duplicate reference) becomes an
// `invalid` row with the reason, and the batch goes on; only a file that is no portfolio at all is refused.
import { ValidationError } from '../domain/errors';
import { MAX_ADDRESS_CHARS } from '../imagery/places-guard';
import { isValidPoint } from '../imagery/coordinates';

export const MAX_BATCH_ROWS = 10_000;
/** 10,000 rows of a long address and a reference each fit well within this. */
export const MAX_BATCH_CSV_BYTES = 4 * 1024 * 1024;
const MAX_REFERENCE_CHARS = 200;

export interface BatchRowInput {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  rowNumber: number;
  referenceId: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  status: 'pending' | 'invalid';
  error: string | null;
}

const COLUMN_NAMES = {
  address: ['address', 'property address', 'property location', 'location', 'street address', 'full address'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng', 'long'],
  reference: ['reference', 'reference id', 'ref', 'policy', 'policy id', 'policy number', 'id', 'external id'],
} as const;

export const BATCH_CSV_MESSAGES = {
  empty: 'The CSV file is empty.',
  noColumns: 'The CSV needs a header row naming an address column, or latitude and longitude columns.',
  tooMany: (n: number) => `A batch has at most ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows; this file has ${n.toLocaleString('en-US')}.`,
  noRows: 'The CSV has a header but no rows.',
  unclosedQuote: 'The CSV has a quoted cell that never ends.',
  noPlace: 'No address or coordinates.',
  badCoordinates: (lat: string, lon: string) =>
    `Unparseable coordinates "${lat}, ${lon}": latitude and longitude must be decimal degrees (latitude −85.05 to 85.05, longitude −180 to 180).`,
  longAddress: `The address must be at most ${MAX_ADDRESS_CHARS} characters.`,
  longReference: `The reference id must be at most ${MAX_REFERENCE_CHARS} characters.`,
  duplicate: (ref: string, first: number) => `Duplicate reference "${ref}" (first on row ${first}).`,
} as const;

/** RFC 4180 records: quoted cells may hold the delimiter, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += c;
    i += 1;
  }
  if (quoted) throw new ValidationError(BATCH_CSV_MESSAGES.unclosedQuote);
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, ' ');

function columnsOf(header: string[]) {
  const names = header.map(normalise);
  const find = (candidates: readonly string[]) => {
    const index = names.findIndex((name) => candidates.includes(name));
    return index >= 0 ? index : null;
  };
  return {
    address: find(COLUMN_NAMES.address),
    latitude: find(COLUMN_NAMES.latitude),
    longitude: find(COLUMN_NAMES.longitude),
    reference: find(COLUMN_NAMES.reference),
  };
}

/** "38.8977" → 38.8977; anything but a plain decimal number → null. */
function decimal(text: string): number | null {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : null;
}

/** The file's rows, each pending or invalid with its reason. Throws ValidationError for a file that is no portfolio. */
export function parseBatchCsv(input: string): BatchRowInput[] {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new ValidationError(BATCH_CSV_MESSAGES.empty);
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  // Spreadsheets set to a decimal comma save with semicolons.
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const [header, ...records] = parseCsv(text, delimiter);
  const columns = columnsOf(header);
  const hasCoordinates = columns.latitude !== null && columns.longitude !== null;
  if (columns.address === null && !hasCoordinates) throw new ValidationError(BATCH_CSV_MESSAGES.noColumns);

  const cell = (record: string[], index: number | null) => (index === null ? '' : (record[index] ?? '').trim());
  const filled = records.map((record, i) => ({ record, rowNumber: i + 2 })).filter(({ record }) => record.some((c) => c.trim() !== ''));
  if (filled.length === 0) throw new ValidationError(BATCH_CSV_MESSAGES.noRows);
  if (filled.length > MAX_BATCH_ROWS) throw new ValidationError(BATCH_CSV_MESSAGES.tooMany(filled.length));

  const firstRowOf = new Map<string, number>();
  return filled.map(({ record, rowNumber }) => {
    const reference = cell(record, columns.reference) || null;
    const address = cell(record, columns.address) || null;
    const latText = cell(record, columns.latitude);
    const lonText = cell(record, columns.longitude);
    const row: BatchRowInput = {
      rowNumber,
      referenceId: reference,
      address,
      latitude: null,
      longitude: null,
      status: 'pending',
      error: null,
    };
    const invalid = (error: string): BatchRowInput => ({ ...row, status: 'invalid', error });

    if (reference !== null) {
      if (reference.length > MAX_REFERENCE_CHARS) return invalid(BATCH_CSV_MESSAGES.longReference);
      const first = firstRowOf.get(reference);
      if (first !== undefined) return invalid(BATCH_CSV_MESSAGES.duplicate(reference, first));
      firstRowOf.set(reference, rowNumber);
    }
    if (latText !== '' || lonText !== '') {
      const point = { latitude: decimal(latText), longitude: decimal(lonText) };
      if (point.latitude === null || point.longitude === null || !isValidPoint(point as { latitude: number; longitude: number })) {
        return invalid(BATCH_CSV_MESSAGES.badCoordinates(latText, lonText));
      }
      row.latitude = point.latitude;
      row.longitude = point.longitude;
    } else if (address === null) {
      return invalid(BATCH_CSV_MESSAGES.noPlace);
    }
    if (address !== null && address.length > MAX_ADDRESS_CHARS) return invalid(BATCH_CSV_MESSAGES.longAddress);
    return row;
  });
}
