// Address suggestions and what the Map tab needs to know about the configured providers. The providers
// (server/imagery/) are built once per app and every request's context carries them as `ctx.map`, like
// the analysis services' dependencies, so the GraphQL resolvers and the REST routes reach the same ones.
import type { Viewer } from '../auth/context';
import { AUTOCOMPLETE_MIN_CHARS } from '../../common/constants';
import { PLACES_FAILED_MESSAGE, isProviderError } from '../imagery/errors';
import type { Reachability } from '../imagery/reachability';
import type { ImageryProvider, PlacesProvider, Prediction } from '../imagery/types';
import type { AnalysisDeps } from './analysis-deps';
import { failingAs } from './messages';
import { limitsFor, takeRateLimit } from './rate-limit';

export interface MapDeps {
  imagery: ImageryProvider;
  places: PlacesProvider;
  /** Whether answers may name server settings (outside production): the Map tab's setup hint. */
  setupHelp: boolean;
  /** Whether the configured map services answer (checked in the background); absent: not checked. */
  reachability?: Reachability;
}

/**
 * A provider failure is logged by what went wrong (reason, status, which service), never by its body:
 * ProviderError keeps only those, so this line is safe to write.
 */
export function logProviderFailure(operation: string, error: unknown): void {
  if (isProviderError(error)) {
    const status = error.status === undefined ? '' : ` ${error.status}`;
    const detail = error.detail ? ` (${error.detail})` : '';
    console.warn(`[${operation}] ${error.provider}: ${error.reason}${status}${detail}`);
  } else {
    console.error(`[${operation}] unexpected failure:`, error);
  }
}

/**
 * GET /places/autocomplete and `placePredictions`: the spec §3 prediction shape. Fewer than 3
 * characters answer [] without a provider call (the provider guard enforces it); any failure is
 * 'Failed to fetch place predictions'. Calls that reach the provider (a paid API in production) count
 * against the viewer's PLACES_RATE_LIMIT_PER_MINUTE.
 */
export async function placePredictions(
  deps: MapDeps,
  limit: { analysis: Pick<AnalysisDeps, 'db' | 'limits' | 'clock'>; viewer: Viewer },
  input: string | null | undefined,
  sessionToken?: string | null,
): Promise<Prediction[]> {
  return failingAs(PLACES_FAILED_MESSAGE, async () => {
    if ((input ?? '').trim().length >= AUTOCOMPLETE_MIN_CHARS) {
      const { analysis, viewer } = limit;
      await takeRateLimit(
        analysis.db,
        viewer.uid,
        'places',
        limitsFor(analysis.limits, viewer).placesPerMinute,
        PLACES_FAILED_MESSAGE,
        analysis.clock(),
      );
    }
    try {
      return await deps.places.autocomplete(input ?? '', sessionToken ? { sessionToken } : {});
    } catch (error) {
      logProviderFailure('places', error);
      throw error;
    }
  });
}

export interface ImageryStatus {
  configured: boolean;
  provider: string;
  attribution: string | null;
  /** What to set when no provider is configured; null when one is, and in production. */
  hint: string | null;
  /** false when the latest background check could not reach the map services; null when not known. */
  reachable: boolean | null;
}

export const IMAGERY_SETUP_HINT =
  'Set IMAGERY_PROVIDER to public (keyless USGS imagery, needs internet), google (with GOOGLE_MAPS_API_KEY) or ' +
  'tiles (with TILE_URL_TEMPLATE, an XYZ tile URL or a local file:// directory), then restart the server.';

export function imageryStatus(deps: MapDeps): ImageryStatus {
  const { imagery } = deps;
  return {
    configured: imagery.configured,
    provider: imagery.name,
    attribution: imagery.attribution,
    hint: imagery.configured || !deps.setupHelp ? null : IMAGERY_SETUP_HINT,
    reachable: imagery.configured ? (deps.reachability?.reachable() ?? null) : null,
  };
}

export interface PlacesStatus {
  configured: boolean;
  provider: string;
  /** Credit the suggestions list shows (OpenStreetMap data via Photon), or null. */
  attribution: string | null;
}

export function placesStatus(deps: MapDeps): PlacesStatus {
  const { places } = deps;
  return { configured: places.configured, provider: places.name, attribution: places.attribution };
}
