import { COORDINATES_OUT_OF_RANGE_MESSAGE, ProviderError, type ProviderErrorCode } from './errors';
import { MAX_LATITUDE } from './tile-math';
import type { LatLon } from './types';

export function isValidPoint(point: LatLon): boolean {
  const { latitude, longitude } = point;
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= MAX_LATITUDE && Math.abs(longitude) <= 180;
}

/** Points come from providers and from place ids a client sends back: check before any tile maths. */
export function checkPoint(point: LatLon, code: ProviderErrorCode): LatLon {
  if (!isValidPoint(point)) throw new ProviderError(code, 'invalid_input', 'input', 'coordinates out of range');
  return { latitude: point.latitude, longitude: point.longitude };
}

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
/** Two numbers, as coordinates are typed, whatever their size: "91, 200" is meant as a point, not an address. */
const NUMBER_PAIR = /^\s*-?\d+(?:\.\d+)?\s*[,\s]\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * "38.8977, -77.0365" typed into the address field. Lets an air-gapped deployment (PLACES_PROVIDER=none,
 * IMAGERY_PROVIDER=tiles) analyse a location, and skips a provider round trip everywhere else. Two numbers
 * that are no point on the map are refused with a message that says so.
 */
export function parseCoordinates(text: string): LatLon | null {
  const match = COORDINATES.exec(text);
  const point = match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : null;
  if (point && isValidPoint(point)) return point;
  // Sent to a geocoder these would fail as an unknown address, or as "not configured" without one.
  if (NUMBER_PAIR.test(text)) {
    throw new ProviderError(
      'ADDRESS_NOT_FOUND',
      'invalid_input',
      'input',
      'coordinates out of range',
      undefined,
      COORDINATES_OUT_OF_RANGE_MESSAGE,
    );
  }
  return null;
}

export function formatCoordinates({ latitude, longitude }: LatLon): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}
