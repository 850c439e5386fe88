// The REST lists' paging (spec §7 lists: a JSON array, `limit`, `cursor`, and a `Link: rel="next"` header
// for the page after), shared by the analyses and risk-zones routes.
import type { Page } from '../services/keyset';
import { json } from './errors';
import { pageQuery, parseQuery } from './schemas';

/** `limit` and `cursor` of a list request (rest/schemas.ts `pageQuery`), as a service's page arguments. */
export function pageParams(url: URL): { first: number; after: string | null } {
  const { limit, cursor } = parseQuery(pageQuery, url);
  return { first: limit, after: cursor };
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
