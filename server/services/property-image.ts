// The map flow's image: an address or a chosen suggestion becomes a point (places provider), the point a
// 600×400 zoom-20 picture (imagery provider), and the picture an Image stored exactly as an upload is
// (ingest + storeIngestedImage), with its provenance. Analysing it is then the ordinary analyze path; the
// analysis job reads `providerMeta.provenance` into the analyzer's provenance_extra and treats a provider
// image as north-up (server/services/analysis-runner.ts).
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import { AppError, ValidationError } from '../domain/errors';
import type { Image, Prisma } from '../generated/prisma/client';
import { MAP_IMAGE_FAILED_MESSAGE, isProviderError, notConfiguredError } from '../imagery/errors';
import { MAX_ADDRESS_CHARS, MAX_PLACE_ID_CHARS } from '../imagery/places-guard';
import type { GeocodeQuery, GeocodeResult, MapImage } from '../imagery/types';
import { ingestImage } from '../ingest/ingest-image';
import type { AnalysisDeps } from './analysis-deps';
import { MAX_PROPERTY_LOCATION_LENGTH, storeIngestedImage } from './images';
import { failingAs } from './messages';
import { logProviderFailure, type MapDeps } from './places';
import { limitsFor, takeRateLimit } from './rate-limit';
import { ensureUser } from './users';

/** Spec §5 (Map) and §8 screen messages, produced here for both transports. */
export const ENTER_ADDRESS_MESSAGE = 'Please enter an address';
export const PROCESS_MAP_IMAGE_MESSAGE = 'Failed to process map image. Please try again.';

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Expected text.' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export const fetchPropertyImageInput = z
  .object({
    address: optionalText(MAX_ADDRESS_CHARS, `The address must be at most ${MAX_ADDRESS_CHARS} characters.`),
    placeId: optionalText(MAX_PLACE_ID_CHARS, 'The place id is too long.'),
    sessionToken: optionalText(64, 'The session token is too long.'),
  })
  .refine((input) => input.address !== null || input.placeId !== null, { message: ENTER_ADDRESS_MESSAGE, path: ['address'] });

export type FetchPropertyImageInput = z.input<typeof fetchPropertyImageInput>;

function parse(input: unknown) {
  const result = fetchPropertyImageInput.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ValidationError(issues[0]?.message ?? ENTER_ADDRESS_MESSAGE, issues);
}

/** Spec §7: the map image is stored as a PNG "named with a timestamp". */
export function mapImageFilename(now: Date): string {
  return `map-${now.toISOString().replace(/[:.]/g, '-')}.png`;
}

/**
 * `fetchPropertyImage` and POST /aerial/property-image. A chosen suggestion (placeId) wins over the typed
 * text; "latitude, longitude" typed as the address needs no places provider. Counts against the
 * viewer's uploads-per-minute limit, since it stores an image as an upload does.
 */
export async function fetchPropertyImage(deps: AnalysisDeps, map: MapDeps, viewer: Viewer, rawInput: unknown): Promise<Image> {
  return failingAs(MAP_IMAGE_FAILED_MESSAGE, () => fetchAndStore(deps, map, viewer, parse(rawInput)));
}

async function fetchAndStore(deps: AnalysisDeps, map: MapDeps, viewer: Viewer, input: ReturnType<typeof parse>): Promise<Image> {
  await takeRateLimit(
    deps.db,
    viewer.uid,
    'upload',
    limitsFor(deps.limits, viewer).uploadsPerMinute,
    MAP_IMAGE_FAILED_MESSAGE,
    deps.clock(),
  );
  return storeMapImage(deps, map, viewer, input);
}

/**
 * The map image of an address, a chosen suggestion or typed coordinates, stored as the viewer's image. No
 * per-minute limit here: interactive callers take it first (fetchPropertyImage); portfolio batches are
 * bounded by their own row limit and pace (services/batches.ts).
 */
export async function storeMapImage(
  deps: Pick<AnalysisDeps, 'db' | 'storage'>,
  map: MapDeps,
  viewer: Viewer,
  input: { address: string | null; placeId?: string | null; sessionToken?: string | null },
): Promise<Image> {
  if (!map.imagery.configured) {
    // Before geocoding: without imagery a places call would be spent for nothing.
    throw notConfiguredError('imagery', map.setupHelp);
  }
  const query: GeocodeQuery = input.placeId
    ? { placeId: input.placeId, ...(input.sessionToken ? { sessionToken: input.sessionToken } : {}) }
    : { address: input.address! };

  let place: GeocodeResult;
  let picture: MapImage;
  try {
    place = await map.places.geocode(query);
    picture = await map.imagery.fetchImage(place);
  } catch (error) {
    logProviderFailure('property-image', error);
    if (isProviderError(error)) throw error;
    throw new AppError('UNAVAILABLE', MAP_IMAGE_FAILED_MESSAGE, { cause: error });
  }

  const now = new Date();
  try {
    const ingested = await ingestImage(picture.png);
    await ensureUser(deps.db, viewer);
    return await storeIngestedImage(deps.db, deps.storage, viewer.uid, ingested, {
      source: picture.provider,
      propertyLocation: (place.formattedAddress || input.address || '').slice(0, MAX_PROPERTY_LOCATION_LENGTH),
      latitude: picture.center.latitude,
      longitude: picture.center.longitude,
      gsdMPerPx: picture.gsdMPerPx,
      gsdSource: picture.gsdSource,
      capturedAt: picture.capturedAt ? new Date(picture.capturedAt) : null,
      attribution: picture.attribution,
      providerMeta: providerMeta(picture, place, query, map, ingested.receivedByteSize, now),
    });
  } catch (error) {
    // The provider's picture already passed its image checks, so a failure here is ours (storage, database).
    console.error('[property-image] could not store the map image:', error);
    throw new AppError('INTERNAL', PROCESS_MAP_IMAGE_MESSAGE, { cause: error });
  }
}

function providerMeta(
  picture: MapImage,
  place: GeocodeResult,
  query: GeocodeQuery,
  map: MapDeps,
  receivedBytes: number,
  now: Date,
): Prisma.InputJsonValue {
  return {
    // The same record an upload keeps, so both kinds of image read alike.
    upload: { filename: mapImageFilename(now), received_bytes: receivedBytes, received_mime: 'image/png' },
    // Merged into the analysis provenance by the analysis job (contract: optional zoom, center, attribution).
    provenance: {
      zoom: picture.zoom,
      center: { lat: picture.center.latitude, lng: picture.center.longitude },
      attribution: picture.attribution,
    },
    imagery: {
      provider: picture.provider,
      zoom: picture.zoom,
      width: picture.width,
      height: picture.height,
      gsd_m_per_px: picture.gsdMPerPx,
      gsd_source: picture.gsdSource,
      fetched_at: now.toISOString(),
    },
    geocode: {
      provider: map.places.name,
      by: 'placeId' in query ? 'place_id' : 'address',
      formatted_address: place.formattedAddress,
      latitude: place.latitude,
      longitude: place.longitude,
    },
  };
}
