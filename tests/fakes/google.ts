// Fake Google Maps Platform: Geocoding API and Static Maps on one "maps" host, Places API (New) autocomplete
// and place details on a separate "places" host, each checking what the real API requires (key placement,
// field mask, parameters) and answering in its real format, real error answers included.
import {
  fakeControls,
  json,
  newModeState,
  pathPattern,
  startFakeServer,
  type FakeProvider,
  type RecordedRequest,
  type Reply,
} from './fake-server';
import { FAKE_PLACES, googleAddress, searchPlaces, streetLine, type FakePlace } from './gazetteer';
import { renderView, syntheticPixel, type PixelSource } from './tile-images';

export const GOOGLE_SERVICES = ['geocode', 'staticmap', 'autocomplete', 'place-details'] as const;
export type GoogleService = (typeof GOOGLE_SERVICES)[number];
export const FAKE_GOOGLE_KEY = 'fake-google-key-123';

export interface FakeGoogle extends FakeProvider<GoogleService> {
  mapsUrl: string;
  placesUrl: string;
  apiKey: string;
}

export interface FakeGoogleOptions {
  apiKey?: string;
  /** What the satellite images show; the synthetic world-pixel pattern by default. */
  pixels?: PixelSource;
}

const SESSION_TOKEN = /^[A-Za-z0-9_-]{1,36}$/;

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const apiKey = options.apiKey ?? FAKE_GOOGLE_KEY;
  const pixels = options.pixels ?? syntheticPixel;
  const state = newModeState();

  const maps = await startFakeServer(
    [
      {
        service: 'geocode',
        kind: 'json',
        method: 'GET',
        match: pathPattern('/maps/api/geocode/json'),
        handle: (req) => geocode(req, apiKey),
      },
      {
        service: 'staticmap',
        kind: 'image',
        method: 'GET',
        match: pathPattern('/maps/api/staticmap'),
        handle: (req) => staticMap(req, apiKey, pixels),
      },
    ],
    state,
  );
  const places = await startFakeServer(
    [
      {
        service: 'autocomplete',
        kind: 'json',
        method: 'POST',
        match: pathPattern('/v1/places:autocomplete'),
        handle: (req) => autocomplete(req, apiKey),
      },
      {
        service: 'place-details',
        kind: 'json',
        method: 'GET',
        match: pathPattern('/v1/places/:id'),
        handle: (req, [id]) => placeDetails(req, apiKey, id),
      },
    ],
    state,
  );

  return {
    mapsUrl: maps.url,
    placesUrl: places.url,
    apiKey,
    env: {
      IMAGERY_PROVIDER: 'google',
      PLACES_PROVIDER: 'google',
      GOOGLE_MAPS_API_KEY: apiKey,
      GOOGLE_MAPS_BASE_URL: maps.url,
      GOOGLE_PLACES_BASE_URL: places.url,
    },
    ...fakeControls(state, GOOGLE_SERVICES, [maps, places]),
  };
}

function geocode(req: RecordedRequest, apiKey: string): Reply {
  if (req.headers['x-goog-api-key']) req.problems.push('Geocoding API takes the key as the key query parameter');
  if (req.query.key !== apiKey) {
    req.problems.push('missing or wrong key query parameter');
    return json({ error_message: 'The provided API key is invalid. ', results: [], status: 'REQUEST_DENIED' });
  }
  const { address, place_id: placeId } = req.query;
  if (!address && !placeId) {
    req.problems.push('neither address nor place_id');
    return json({
      error_message: "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
      results: [],
      status: 'INVALID_REQUEST',
    });
  }
  const found = placeId ? FAKE_PLACES.filter((p) => p.googlePlaceId === placeId) : searchPlaces(address ?? '');
  if (found.length === 0) return json({ results: [], status: 'ZERO_RESULTS' });
  return json({
    results: found.map((p) => ({
      formatted_address: googleAddress(p),
      geometry: {
        location: { lat: p.latitude, lng: p.longitude },
        location_type: 'ROOFTOP',
        viewport: {
          northeast: { lat: p.latitude + 0.0013, lng: p.longitude + 0.0013 },
          southwest: { lat: p.latitude - 0.0013, lng: p.longitude - 0.0013 },
        },
      },
      place_id: p.googlePlaceId,
      types: ['street_address'],
    })),
    status: 'OK',
  });
}

async function staticMap(req: RecordedRequest, apiKey: string, pixels: PixelSource): Promise<Reply> {
  const text = (status: number, body: string): Reply => ({ status, contentType: 'text/plain; charset=UTF-8', body });
  if (req.query.key !== apiKey) {
    req.problems.push('missing or wrong key query parameter');
    return text(403, 'The Google Maps Platform server rejected your request. The provided API key is invalid.');
  }
  const expected: Record<string, string> = { zoom: '20', size: '600x400', maptype: 'satellite' };
  for (const [name, value] of Object.entries(expected)) {
    if (req.query[name] !== value) req.problems.push(`${name} should be ${value}, got ${req.query[name]}`);
  }
  const center = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(req.query.center ?? '');
  if (!center) {
    req.problems.push(`center should be "lat,lng", got ${req.query.center}`);
    return text(400, 'The Google Maps Platform server rejected your request. Invalid request. Invalid center parameter.');
  }
  if (req.problems.length > 0) return text(400, 'The Google Maps Platform server rejected your request. Invalid request.');
  const png = await renderView(pixels, Number(center[1]), Number(center[2]), 20, 600, 400, 'png');
  return { status: 200, contentType: 'image/png', body: png };
}

function placesError(status: number, code: string, message: string): Reply {
  return json({ error: { code: status, message, status: code } }, status);
}

function checkPlacesKey(req: RecordedRequest, apiKey: string): Reply | null {
  if (req.query.key) req.problems.push('Places API (New) key belongs in X-Goog-Api-Key, not the query');
  if (req.headers['x-goog-api-key'] !== apiKey) {
    req.problems.push('missing or wrong X-Goog-Api-Key header');
    return placesError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
  }
  return null;
}

function autocomplete(req: RecordedRequest, apiKey: string): Reply {
  const denied = checkPlacesKey(req, apiKey);
  if (denied) return denied;
  const mask = String(req.headers['x-goog-fieldmask'] ?? '');
  if (!mask) req.problems.push('missing X-Goog-FieldMask');
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) req.problems.push('body is not JSON');
  let body: { input?: unknown; sessionToken?: unknown };
  try {
    body = JSON.parse(req.body) as typeof body;
  } catch {
    req.problems.push('body is not valid JSON');
    return placesError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
  }
  if (typeof body.input !== 'string' || body.input === '') {
    req.problems.push('input missing');
    return placesError(400, 'INVALID_ARGUMENT', 'Missing required field input.');
  }
  if (body.sessionToken !== undefined && (typeof body.sessionToken !== 'string' || !SESSION_TOKEN.test(body.sessionToken))) {
    req.problems.push('malformed sessionToken');
    return placesError(400, 'INVALID_ARGUMENT', 'Invalid session token.');
  }
  return json({ suggestions: searchPlaces(body.input).map((p) => ({ placePrediction: prediction(p, body.input as string) })) });
}

function prediction(p: FakePlace, input: string) {
  const main = p.name ?? streetLine(p);
  const secondary = p.name ? `${streetLine(p)}, ${p.city}, ${p.stateCode}, USA` : `${p.city}, ${p.stateCode}, USA`;
  const full = `${main}, ${secondary}`;
  const at = full.toLowerCase().indexOf(input.toLowerCase());
  const matches = at >= 0 ? [{ startOffset: at, endOffset: at + input.length }] : [];
  return {
    place: `places/${p.googlePlaceId}`,
    placeId: p.googlePlaceId,
    text: { text: full, matches },
    structuredFormat: { mainText: { text: main, matches }, secondaryText: { text: secondary } },
    types: p.name ? ['establishment', 'point_of_interest'] : ['premise', 'geocode'],
  };
}

function placeDetails(req: RecordedRequest, apiKey: string, id: string): Reply {
  const denied = checkPlacesKey(req, apiKey);
  if (denied) return denied;
  const mask = String(req.headers['x-goog-fieldmask'] ?? '');
  if (!mask) {
    req.problems.push('missing X-Goog-FieldMask');
    return placesError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
  }
  if (!mask.split(',').includes('location')) req.problems.push('field mask does not ask for location');
  if (req.query.sessionToken !== undefined && !SESSION_TOKEN.test(req.query.sessionToken)) {
    req.problems.push('malformed sessionToken');
  }
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return placesError(400, 'INVALID_ARGUMENT', `Not a valid Place ID: ${id}`);
  const p = FAKE_PLACES.find((place) => place.googlePlaceId === id);
  if (!p) return placesError(404, 'NOT_FOUND', `Place ID ${id} not found.`);
  // Places (New) returns only what the field mask asks for.
  const all: Record<string, unknown> = {
    id: p.googlePlaceId,
    formattedAddress: googleAddress(p),
    location: { latitude: p.latitude, longitude: p.longitude },
    displayName: { text: p.name ?? streetLine(p), languageCode: 'en' },
  };
  return json(
    Object.fromEntries(
      mask
        .split(',')
        .filter((f) => f in all)
        .map((f) => [f, all[f]]),
    ),
  );
}
