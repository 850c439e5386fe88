// Provider choice, keys and base URLs (architecture.md § Configuration). Every base URL defaults to the real
// host so that tests can point each one at a local fake; nothing here is ever taken from a request.
import { ImageryConfigError } from './errors';

export const IMAGERY_PROVIDERS = ['public', 'google', 'tiles', 'none'] as const;
export const PLACES_PROVIDERS = ['public', 'google', 'none'] as const;
export type ImageryProviderName = (typeof IMAGERY_PROVIDERS)[number];
export type PlacesProviderName = (typeof PLACES_PROVIDERS)[number];

export const DEFAULT_GOOGLE_MAPS_BASE_URL = 'https://maps.googleapis.com';
export const DEFAULT_GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';
export const DEFAULT_USGS_IMAGERY_URL = 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}';
export const DEFAULT_CENSUS_GEOCODER_URL = 'https://geocoding.geo.census.gov/geocoder/locations/onelineaddress';
export const DEFAULT_PHOTON_URL = 'https://photon.komoot.io/api';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_JSON_BYTES = 1024 * 1024;

export interface ImageryConfig {
  imageryProvider: ImageryProviderName;
  placesProvider: PlacesProviderName;
  googleMapsApiKey: string | null;
  googleMapsBaseUrl: string;
  googlePlacesBaseUrl: string;
  /** XYZ template with {z}, {x} and {y}; http(s) or file://. Required when imageryProvider is `tiles`. */
  tileUrlTemplate: string | null;
  /** Credit shown under images of the `tiles` provider; defaults to the tile host. */
  tileAttribution: string | null;
  usgsImageryUrl: string;
  censusGeocoderUrl: string;
  photonUrl: string;
  /** Deadline of one provider operation (one JSON call, or every tile of one image together). */
  timeoutMs: number;
  maxImageBytes: number;
  maxJsonBytes: number;
  /** Whether a provider set to `none` may say which setting turns it on (outside production); default true. */
  setupHelp: boolean;
}

/**
 * What callers pass: any subset, unset or empty values take the defaults. `provider` is accepted for
 * `imageryProvider`, the name server/config.ts uses.
 */
export type ImageryConfigInput = {
  [K in keyof ImageryConfig]?: ImageryConfig[K] | string | number | null | undefined;
} & { provider?: string | null };

export function resolveImageryConfig(input: ImageryConfigInput = {}): ImageryConfig {
  const config: ImageryConfig = {
    imageryProvider: oneOf('IMAGERY_PROVIDER', input.imageryProvider ?? input.provider, IMAGERY_PROVIDERS, 'public'),
    placesProvider: oneOf('PLACES_PROVIDER', input.placesProvider, PLACES_PROVIDERS, 'public'),
    googleMapsApiKey: text(input.googleMapsApiKey),
    googleMapsBaseUrl: baseUrl('GOOGLE_MAPS_BASE_URL', input.googleMapsBaseUrl, DEFAULT_GOOGLE_MAPS_BASE_URL),
    googlePlacesBaseUrl: baseUrl('GOOGLE_PLACES_BASE_URL', input.googlePlacesBaseUrl, DEFAULT_GOOGLE_PLACES_BASE_URL),
    tileUrlTemplate: text(input.tileUrlTemplate),
    tileAttribution: text(input.tileAttribution),
    usgsImageryUrl: text(input.usgsImageryUrl) ?? DEFAULT_USGS_IMAGERY_URL,
    censusGeocoderUrl: baseUrl('CENSUS_GEOCODER_URL', input.censusGeocoderUrl, DEFAULT_CENSUS_GEOCODER_URL),
    photonUrl: baseUrl('PHOTON_URL', input.photonUrl, DEFAULT_PHOTON_URL),
    timeoutMs: positive('IMAGERY_TIMEOUT_MS', input.timeoutMs, DEFAULT_TIMEOUT_MS),
    maxImageBytes: positive('maxImageBytes', input.maxImageBytes, DEFAULT_MAX_IMAGE_BYTES),
    maxJsonBytes: positive('maxJsonBytes', input.maxJsonBytes, DEFAULT_MAX_JSON_BYTES),
    setupHelp: input.setupHelp !== false,
  };

  checkTileTemplate('USGS_IMAGERY_URL', config.usgsImageryUrl, false);
  const needsGoogleKey = config.imageryProvider === 'google' || config.placesProvider === 'google';
  if (needsGoogleKey && !config.googleMapsApiKey) {
    throw new ImageryConfigError('GOOGLE_MAPS_API_KEY is required when IMAGERY_PROVIDER or PLACES_PROVIDER is google');
  }
  if (config.imageryProvider === 'tiles') {
    if (!config.tileUrlTemplate) {
      throw new ImageryConfigError('TILE_URL_TEMPLATE is required when IMAGERY_PROVIDER is tiles');
    }
    checkTileTemplate('TILE_URL_TEMPLATE', config.tileUrlTemplate, true);
  }
  return config;
}

/**
 * Reads the variables named in architecture.md, plus three optional ones this module adds:
 * TILE_ATTRIBUTION, IMAGERY_TIMEOUT_MS (default 10000) and IMAGERY_MAX_IMAGE_BYTES (default 8 MiB).
 */
export function imageryConfigFromEnv(env: Record<string, string | undefined> = process.env): ImageryConfig {
  return resolveImageryConfig({
    imageryProvider: env.IMAGERY_PROVIDER,
    placesProvider: env.PLACES_PROVIDER,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    googleMapsBaseUrl: env.GOOGLE_MAPS_BASE_URL,
    googlePlacesBaseUrl: env.GOOGLE_PLACES_BASE_URL,
    tileUrlTemplate: env.TILE_URL_TEMPLATE,
    tileAttribution: env.TILE_ATTRIBUTION,
    usgsImageryUrl: env.USGS_IMAGERY_URL,
    censusGeocoderUrl: env.CENSUS_GEOCODER_URL,
    photonUrl: env.PHOTON_URL,
    timeoutMs: env.IMAGERY_TIMEOUT_MS,
    maxImageBytes: env.IMAGERY_MAX_IMAGE_BYTES,
  });
}

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  const s = text(value)?.toLowerCase();
  if (s === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(s)) {
    throw new ImageryConfigError(`${name} must be one of ${allowed.join(', ')} (got "${s}")`);
  }
  return s as T;
}

function positive(name: string, value: unknown, fallback: number): number {
  const s = text(value);
  if (s === null) return fallback;
  const n = Number(s);
  if (!Number.isFinite(n) || n <= 0) throw new ImageryConfigError(`${name} must be a positive number (got "${s}")`);
  return n;
}

function baseUrl(name: string, value: unknown, fallback: string): string {
  const s = text(value) ?? fallback;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new ImageryConfigError(`${name} must be an absolute http(s) URL (got "${s}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageryConfigError(`${name} must be an absolute http(s) URL (got "${s}")`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ImageryConfigError(`${name} must not carry a query, fragment or credentials`);
  }
  return s.replace(/\/+$/, '');
}

function checkTileTemplate(name: string, template: string, allowFile: boolean): void {
  for (const part of ['{z}', '{x}', '{y}']) {
    if (!template.includes(part)) throw new ImageryConfigError(`${name} must contain {z}, {x} and {y}`);
  }
  let url: URL;
  try {
    url = new URL(template.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0'));
  } catch {
    throw new ImageryConfigError(`${name} must be an absolute URL template`);
  }
  const allowed = allowFile ? ['http:', 'https:', 'file:'] : ['http:', 'https:'];
  if (!allowed.includes(url.protocol)) {
    throw new ImageryConfigError(`${name} must use ${allowed.join(' or ')} (got ${url.protocol})`);
  }
}
