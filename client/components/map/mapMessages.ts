// The Map tab's messages (spec §5 Map, §8 screen messages) and which one a failure shows.
import { GraphQLRequestError } from '../../relay/environment';

export const MAP_MESSAGES = {
  enterAddress: 'Please enter an address',
  searchFirst: 'Please search for an address first',
  fetchFailed: 'Failed to fetch map image. Please try again.',
  processFailed: 'Failed to process map image. Please try again.',
  loadFailed: 'Failed to load map image',
} as const;

/** A typed refusal from the server (validation, rate limit, provider failure) whose message is for the user. */
export class MapUserError extends Error {
  override name = 'MapUserError';
  constructor(
    message: string,
    /** The server could not reach its imagery or places provider at all (offline, or a wrong base URL). */
    readonly providerUnreachable = false,
  ) {
    super(message);
  }
}

/** Shown under the message when the provider was unreachable: the likeliest cause is a server without internet. */
export const UNREACHABLE_HINT =
  'The server could not reach its imagery provider. If it has no internet access, set IMAGERY_PROVIDER=tiles with a ' +
  'TILE_URL_TEMPLATE pointing at a local tile directory (file://…/{z}/{x}/{y}.png), then restart it.';

/**
 * A typed error's message is shown as it is; so is a server failure that carries one of the map flow's own
 * messages (storing the picture failed: 'Failed to process map image…'). Anything else — the network, an
 * unexpected answer — is `fallback`.
 */
export function mapErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof MapUserError) return error.message;
  if (error instanceof GraphQLRequestError && (Object.values(MAP_MESSAGES) as string[]).includes(error.message)) {
    return error.message;
  }
  return fallback;
}

/** One per address search (Google bills autocomplete and place details of one search together). */
export function newSessionToken(): string {
  return crypto.randomUUID();
}
