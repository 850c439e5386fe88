// Raw ids of our rows are UUIDs. Anything else cannot name a row, and must not reach a `@db.Uuid`
// column (PostgreSQL would reject the query): callers treat it as "not found".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A UUID no row has, for lookups whose id was not a UUID at all (keeps the query shape the same). */
export const NO_SUCH_ID = '00000000-0000-0000-0000-000000000000';

export function uuidOrNone(value: unknown): string {
  return isUuid(value) ? value.toLowerCase() : NO_SUCH_ID;
}
