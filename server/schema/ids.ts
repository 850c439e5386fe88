// Global ids in GraphQL inputs: `Type:uuid` in base64, as every node's `id`. A malformed id, or one
// of another type, names nothing — the caller answers "not found", never a parse error that would
// tell ids apart.
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { NO_SUCH_ID, isUuid } from '../services/ids';
import type { Page } from '../services/keyset';

export function rawIdOf(globalId: string, typename: string): string {
  try {
    const decoded = decodeGlobalID(globalId);
    if (decoded.typename === typename && isUuid(decoded.id)) return decoded.id;
  } catch {
    // not a global id
  }
  return NO_SUCH_ID;
}

export function globalIdOf(typename: string, id: string): string {
  return encodeGlobalID(typename, id);
}

/** A Relay connection object from one keyset page (forward pagination only). */
export function connectionOf<Row>(page: Page<Row>) {
  const edges = page.rows.map((node) => ({ cursor: page.cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Page size: `first`, defaulting and capped, as GraphQL connections take it. */
export function pageSize(first: number | null | undefined, fallback = 20, max = 100): number {
  if (first === null || first === undefined) return fallback;
  return Math.max(1, Math.min(max, Math.floor(first)));
}
