// Fake keyless public providers, each on its own host as in production: USGS The National Map imagery tiles
// (ArcGIS cache, {z}/{y}/{x}, JPEG), the US Census one-line geocoder and Photon.
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
import { censusAddress, censusMatch, searchPlaces, type FakePlace } from './gazetteer';
import { renderTile, syntheticPixel, type ImageFormat, type PixelSource } from './tile-images';

export const PUBLIC_SERVICES = ['usgs', 'census', 'photon'] as const;
export type PublicService = (typeof PUBLIC_SERVICES)[number];
export const USGS_TILE_PATH = '/arcgis/rest/services/USGSImageryOnly/MapServer/tile';

export interface FakePublic extends FakeProvider<PublicService> {
  /** USGS_IMAGERY_URL template pointing at the fake. */
  usgsImageryUrl: string;
  censusGeocoderUrl: string;
  photonUrl: string;
}

export interface FakePublicOptions {
  pixels?: PixelSource;
  /** The real service serves JPEG; PNG makes pixel-exact assertions possible. */
  tileFormat?: ImageFormat;
  /** Deepest tile level served (404 above); 23 by default. */
  maxZoom?: number;
}

export async function startFakePublic(options: FakePublicOptions = {}): Promise<FakePublic> {
  const pixels = options.pixels ?? syntheticPixel;
  const format = options.tileFormat ?? 'jpeg';
  const state = newModeState();
  const usgs = await startFakeServer(
    [
      {
        service: 'usgs',
        kind: 'image',
        method: 'GET',
        match: pathPattern(`${USGS_TILE_PATH}/:z/:y/:x`),
        handle: (req, [z, y, x]) => tile(req, pixels, format, options.maxZoom ?? 23, [z, x, y], inUnitedStates),
      },
    ],
    state,
  );
  const census = await startFakeServer(
    [
      {
        service: 'census',
        kind: 'json',
        method: 'GET',
        match: pathPattern('/geocoder/locations/onelineaddress'),
        handle: censusGeocode,
      },
    ],
    state,
  );
  const photon = await startFakeServer(
    [{ service: 'photon', kind: 'json', method: 'GET', match: pathPattern('/api'), handle: photonSearch }],
    state,
  );
  const urls = {
    usgsImageryUrl: `${usgs.url}${USGS_TILE_PATH}/{z}/{y}/{x}`,
    censusGeocoderUrl: `${census.url}/geocoder/locations/onelineaddress`,
    photonUrl: `${photon.url}/api`,
  };
  return {
    ...urls,
    env: {
      IMAGERY_PROVIDER: 'public',
      PLACES_PROVIDER: 'public',
      USGS_IMAGERY_URL: urls.usgsImageryUrl,
      CENSUS_GEOCODER_URL: urls.censusGeocoderUrl,
      PHOTON_URL: urls.photonUrl,
    },
    ...fakeControls(state, PUBLIC_SERVICES, [usgs, census, photon]),
  };
}

/**
 * One tile, or the 404 a tile cache answers where it has none: above its deepest level, or (`covers`) outside
 * the area it was built for.
 */
export async function tile(
  req: RecordedRequest,
  pixels: PixelSource,
  format: ImageFormat,
  maxZoom: number,
  zxy: string[],
  covers: (latitude: number, longitude: number) => boolean = () => true,
): Promise<Reply> {
  const [z, x, y] = zxy.map((v) => (/^\d+$/.test(v) ? Number(v) : NaN));
  // Above its deepest level a tile cache has nothing: a plain 404, as ArcGIS and OSM-style servers answer.
  if (z > maxZoom) return { status: 404, contentType: 'text/plain', body: 'Tile not found' };
  const n = 2 ** z;
  if (!Number.isInteger(z) || !(x >= 0 && x < n) || !(y >= 0 && y < n)) {
    req.problems.push(`no such tile ${zxy.join('/')}`);
    return { status: 404, contentType: 'text/plain', body: 'Tile not found' };
  }
  const longitude = ((x + 0.5) / n) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + 0.5)) / n))) * 180) / Math.PI;
  if (!covers(latitude, longitude)) return { status: 404, contentType: 'text/plain', body: 'Tile not found' };
  return { status: 200, contentType: `image/${format}`, body: await renderTile(pixels, x, y, format) };
}

/** USGS imagery covers the United States only: the lower 48, Alaska, Hawaii and Puerto Rico (roughly). */
const US_BOXES: [south: number, north: number, west: number, east: number][] = [
  [24.3, 49.5, -125, -66.9],
  [51, 71.5, -180, -129.9],
  [18.8, 22.3, -160.3, -154.8],
  [17.8, 18.6, -67.3, -65.2],
];

export function inUnitedStates(latitude: number, longitude: number): boolean {
  return US_BOXES.some(([s, n, w, e]) => latitude >= s && latitude <= n && longitude >= w && longitude <= e);
}

function censusGeocode(req: RecordedRequest): Reply {
  const { address, benchmark, format } = req.query;
  const errors: string[] = [];
  if (!address) errors.push('Address cannot be empty and cannot exceed 100 characters');
  if (benchmark !== 'Public_AR_Current') errors.push('A valid Benchmark must be provided');
  if (format !== 'json') req.problems.push(`format should be json, got ${format}`);
  if (errors.length > 0) {
    req.problems.push(...errors);
    return json({ errors, status: '400' }, 400);
  }
  const place = censusMatch(address);
  return json({
    result: {
      input: { address: { address }, benchmark: { id: '4', benchmarkName: 'Public_AR_Current', isDefault: true } },
      addressMatches: place
        ? [
            {
              tigerLine: { side: 'L', tigerLineId: '76225813' },
              coordinates: { x: place.longitude, y: place.latitude },
              addressComponents: { zip: place.postcode, city: place.city.toUpperCase(), state: place.stateCode },
              matchedAddress: censusAddress(place),
            },
          ]
        : [],
    },
  });
}

function photonSearch(req: RecordedRequest): Reply {
  const { q, limit, lang } = req.query;
  if (!q) {
    req.problems.push('q missing');
    return json({ message: "missing search term 'q': /?q=berlin" }, 400);
  }
  const n = limit === undefined ? 15 : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > 50) req.problems.push(`limit should be 1..50, got ${limit}`);
  if (lang !== undefined && !['default', 'en', 'de', 'fr', 'it'].includes(lang)) req.problems.push(`unsupported lang ${lang}`);
  return json({ type: 'FeatureCollection', features: searchPlaces(q).slice(0, n).map(photonFeature) });
}

function photonFeature(p: FakePlace) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    properties: {
      osm_type: p.osmType,
      osm_id: p.osmId,
      osm_key: p.name ? 'tourism' : 'place',
      osm_value: p.name ? 'attraction' : 'house',
      type: 'house',
      ...(p.name ? { name: p.name } : {}),
      housenumber: p.housenumber,
      street: p.street,
      city: p.city,
      postcode: p.postcode,
      state: p.state,
      country: 'United States',
      countrycode: 'US',
    },
  };
}
