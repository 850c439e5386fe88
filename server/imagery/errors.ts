// Typed failures of the imagery and places providers. The message is always one of the specification's
// user-facing texts (§8); what went wrong is kept in `reason`/`status`/`detail` for logs and never contains a
// provider's response body, a request URL (Google keys travel in the query) or a stack.
// ProviderError is an AppError, so the REST and GraphQL layers map it like any other domain error.
import { AppError, type ErrorCode } from '../domain/errors';

export type ProviderErrorCode =
  /** Autocomplete failed (spec §8 'Failed to fetch place predictions'). */
  | 'PLACES_FAILED'
  /** Geocoding an address or place id failed at the provider. */
  | 'GEOCODE_FAILED'
  /** The provider answered, but found nothing for the address or place id (or the input cannot be a place). */
  | 'ADDRESS_NOT_FOUND'
  /** The map image could not be fetched or was not a usable image. */
  | 'IMAGERY_FAILED'
  /** The imagery source has no picture of the place (no tile there, at any level the overzoom may use). */
  | 'NO_IMAGERY'
  /** IMAGERY_PROVIDER or PLACES_PROVIDER is `none`. */
  | 'PROVIDER_NOT_CONFIGURED';

export type ProviderFailureReason =
  | 'timeout'
  | 'network'
  | 'http_status'
  | 'redirect'
  | 'too_large'
  | 'bad_content_type'
  | 'not_image'
  | 'bad_json'
  | 'bad_response'
  | 'no_match'
  | 'invalid_input'
  | 'no_imagery'
  | 'not_configured';

export const PLACES_FAILED_MESSAGE = 'Failed to fetch place predictions';
export const MAP_IMAGE_FAILED_MESSAGE = 'Failed to fetch map image. Please try again.';
export const IMAGERY_NOT_CONFIGURED_MESSAGE =
  'Satellite imagery is not configured on this server. Set IMAGERY_PROVIDER to public, google or tiles.';
export const PLACES_NOT_CONFIGURED_MESSAGE =
  'Address lookup is not configured on this server. Set PLACES_PROVIDER to public or google, or enter coordinates as "latitude, longitude".';
/** The same, where screens must not name server settings (production): what the user can do instead. */
export const IMAGERY_NOT_AVAILABLE_MESSAGE = 'Satellite imagery is not available on this server: upload your own aerial image instead.';
export const PLACES_NOT_AVAILABLE_MESSAGE =
  'Address lookup is not available on this server: enter the coordinates as "latitude, longitude", or upload your own aerial image.';
export const NO_IMAGERY_MESSAGE = 'There is no satellite imagery for this place. Try another address, or upload your own aerial image.';
/** Typed "latitude, longitude" that no map can show (the limits of coordinates.ts: Web Mercator stops at ±85.05°). */
export const COORDINATES_OUT_OF_RANGE_MESSAGE =
  'Those coordinates are out of range: enter them as "latitude, longitude", with the latitude between -85.05 and 85.05 ' +
  'and the longitude between -180 and 180.';

const MESSAGES: Record<Exclude<ProviderErrorCode, 'PROVIDER_NOT_CONFIGURED'>, string> = {
  PLACES_FAILED: PLACES_FAILED_MESSAGE,
  // Geocoding only happens on the way to a map image, so the screen's message is the map image one.
  GEOCODE_FAILED: MAP_IMAGE_FAILED_MESSAGE,
  ADDRESS_NOT_FOUND: MAP_IMAGE_FAILED_MESSAGE,
  IMAGERY_FAILED: MAP_IMAGE_FAILED_MESSAGE,
  NO_IMAGERY: NO_IMAGERY_MESSAGE,
};

/** How each provider failure surfaces as a domain error (REST: UNAVAILABLE → 503, UNPROCESSABLE → 422). */
export const DOMAIN_CODES = {
  PLACES_FAILED: 'UNAVAILABLE',
  GEOCODE_FAILED: 'UNAVAILABLE',
  IMAGERY_FAILED: 'UNAVAILABLE',
  ADDRESS_NOT_FOUND: 'UNPROCESSABLE',
  NO_IMAGERY: 'UNPROCESSABLE',
  PROVIDER_NOT_CONFIGURED: 'UNAVAILABLE',
} as const satisfies Record<ProviderErrorCode, ErrorCode>;

export class ProviderError extends AppError {
  override readonly name = 'ProviderError';

  constructor(
    /** What failed, in provider terms; `code` (from AppError) is the domain code it maps to. */
    readonly providerCode: ProviderErrorCode,
    readonly reason: ProviderFailureReason,
    /** Which provider or service failed, e.g. `google-static-maps`, `census`, `photon`, `tiles`. */
    readonly provider: string,
    /** Log-only detail: a status, a byte count, a host. Never a body, a URL or a key. */
    readonly detail?: string,
    /** HTTP status the provider answered with, when that was the failure. */
    readonly status?: number,
    message?: string,
  ) {
    super(
      DOMAIN_CODES[providerCode],
      message ?? (providerCode === 'PROVIDER_NOT_CONFIGURED' ? IMAGERY_NOT_CONFIGURED_MESSAGE : MESSAGES[providerCode]),
    );
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/** Thrown while reading configuration: a wrong setting must stop the server at start, not fail a request later. */
export class ImageryConfigError extends Error {
  override readonly name = 'ImageryConfigError';
}

/**
 * A low-level transport failure, converted to a ProviderError by the provider that knows which operation
 * (places, geocode, imagery) was under way.
 */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';

  constructor(
    readonly reason: ProviderFailureReason,
    readonly detail: string,
    readonly status?: number,
  ) {
    super(detail);
  }
}

/**
 * Turns whatever a provider operation threw into a ProviderError for `code`. Anything that is not already a
 * ProviderError or FetchFailure (a response of the wrong shape, a bug) is reported by its class name only,
 * because messages of parser errors quote the input they failed on.
 */
export function toProviderError(error: unknown, code: ProviderErrorCode, provider: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof FetchFailure) {
    return new ProviderError(code, error.reason, provider, error.detail, error.status);
  }
  const kind = error instanceof Error ? error.name : typeof error;
  return new ProviderError(code, 'bad_response', provider, `unexpected ${kind}`);
}

/**
 * A provider set to `none`. The operator's remedy (which setting to change) is said only where screens may name
 * server settings (`setupHelp`: outside production); elsewhere the user is told what they can do instead.
 */
export function notConfiguredError(service: 'imagery' | 'places', setupHelp: boolean): ProviderError {
  const message =
    service === 'imagery'
      ? setupHelp
        ? IMAGERY_NOT_CONFIGURED_MESSAGE
        : IMAGERY_NOT_AVAILABLE_MESSAGE
      : setupHelp
        ? PLACES_NOT_CONFIGURED_MESSAGE
        : PLACES_NOT_AVAILABLE_MESSAGE;
  return new ProviderError('PROVIDER_NOT_CONFIGURED', 'not_configured', 'none', undefined, undefined, message);
}
