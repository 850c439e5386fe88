// The REST lists' paging (spec §7 lists: a JSON array, `limit`, `cursor`, and a `Link: rel="next"` header
// for the page after), shared by the analyses and risk-zones routes.
import { ValidationError } from '../domain/errors.js';
import type { Page } from '../services/keyset.js';
import { json } from './errors.js';

export const REST_LIST_DEFAULT = 100;
export const REST_LIST_MAX = 500;

/** `limit` and `cursor` of a list request, as a service's page arguments. */
export function pageParams(url: URL): { first: number; after: string | null } {
  const raw = url.searchParams.get('limit');
  let first = REST_LIST_DEFAULT;
  if (raw !== null && raw !== '') {
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ValidationError('limit must be a whole number of at least 1.');
    first = Math.min(REST_LIST_MAX, Number(raw));
  }
  return { first, after: url.searchParams.get('cursor') || null };
}

/** `Link: <…>; rel="next"` for the page after this one, keeping the request's other parameters. */
function nextLink(url: URL, cursor: string): string {
  const next = new URL(url.pathname, 'http://x');
  for (const [key, value] of url.searchParams) if (key !== 'cursor') next.searchParams.append(key, value);
  next.searchParams.set('cursor', cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

/** One page of a list as the specified JSON array, with the `Link` header when more remain. */
export function pageResponse<Row>(url: URL, page: Page<Row>, record: (row: Row) => unknown): Response {
  const last = page.rows.at(-1);
  const headers: Record<string, string> = {};
  if (page.hasNextPage && last) headers.link = nextLink(url, page.cursorOf(last));
  return json(page.rows.map(record), { headers });
}
