// The rules every places provider shares, in one place: the 3-character minimum, input length caps, session
// token hygiene, typed coordinates, result checks and the conversion of every failure to the spec's message.
import { AUTOCOMPLETE_MIN_CHARS } from './constants';
import type { PlacesProviderName } from './config';
import { checkPoint, formatCoordinates, parseCoordinates } from './coordinates';
import { ProviderError, notConfiguredError, toProviderError } from './errors';
import type { GeocodeQuery, GeocodeResult, PlacesProvider, Prediction } from './types';

/** What a concrete provider implements; inputs arrive trimmed and bounded. */
export interface PlacesBackend {
  readonly service: string;
  readonly attribution: string | null;
  autocomplete(input: string, sessionToken: string | undefined): Promise<Prediction[]>;
  geocodeAddress(address: string): Promise<GeocodeResult>;
  geocodePlace(placeId: string, sessionToken: string | undefined): Promise<GeocodeResult>;
}

export const MAX_AUTOCOMPLETE_CHARS = 200;
export const MAX_ADDRESS_CHARS = 300;
export const MAX_PLACE_ID_CHARS = 1024;
export const MAX_PREDICTIONS = 10;
/** Google wants a URL- and filename-safe base64 string of at most 36 characters (a UUID fits). */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{1,36}$/;

export class GuardedPlaces implements PlacesProvider {
  readonly configured: boolean;
  readonly attribution: string | null;

  constructor(
    readonly name: PlacesProviderName,
    private readonly backend: PlacesBackend | null,
    /** Whether "not configured" may name the setting (outside production). */
    private readonly setupHelp = true,
  ) {
    this.configured = backend !== null;
    this.attribution = backend?.attribution ?? null;
  }

  async autocomplete(input: string, options: { sessionToken?: string } = {}): Promise<Prediction[]> {
    const text = String(input ?? '').trim();
    if (text.length < AUTOCOMPLETE_MIN_CHARS || !this.backend) return [];
    // A malformed token only costs the session's billing grouping; it is not worth failing the request.
    const token = options.sessionToken && SESSION_TOKEN.test(options.sessionToken) ? options.sessionToken : undefined;
    try {
      const predictions = await this.backend.autocomplete(text.slice(0, MAX_AUTOCOMPLETE_CHARS), token);
      return predictions.filter(isPrediction).slice(0, MAX_PREDICTIONS);
    } catch (error) {
      throw toProviderError(error, 'PLACES_FAILED', this.backend.service);
    }
  }

  async geocode(query: GeocodeQuery): Promise<GeocodeResult> {
    if ('placeId' in query) {
      const placeId = String(query.placeId ?? '').trim();
      if (!placeId || placeId.length > MAX_PLACE_ID_CHARS) throw invalid('place id empty or too long');
      const backend = this.requireBackend();
      const token = query.sessionToken && SESSION_TOKEN.test(query.sessionToken) ? query.sessionToken : undefined;
      return this.run(() => backend.geocodePlace(placeId, token), backend.service);
    }
    const address = String(query.address ?? '').trim();
    if (!address || address.length > MAX_ADDRESS_CHARS) throw invalid('address empty or too long');
    const typed = parseCoordinates(address);
    if (typed) return { ...typed, formattedAddress: formatCoordinates(typed) };
    const backend = this.requireBackend();
    return this.run(() => backend.geocodeAddress(address), backend.service);
  }

  private requireBackend(): PlacesBackend {
    if (!this.backend) {
      throw notConfiguredError('places', this.setupHelp);
    }
    return this.backend;
  }

  private async run(call: () => Promise<GeocodeResult>, service: string): Promise<GeocodeResult> {
    let result: GeocodeResult;
    try {
      result = await call();
    } catch (error) {
      throw toProviderError(error, 'GEOCODE_FAILED', service);
    }
    const point = checkPoint(result, 'GEOCODE_FAILED');
    return { ...point, formattedAddress: result.formattedAddress };
  }
}

function invalid(detail: string): ProviderError {
  return new ProviderError('ADDRESS_NOT_FOUND', 'invalid_input', 'input', detail);
}

function isPrediction(p: Prediction): boolean {
  return (
    typeof p.place_id === 'string' &&
    p.place_id.length > 0 &&
    p.place_id.length <= MAX_PLACE_ID_CHARS &&
    typeof p.description === 'string' &&
    typeof p.structured_formatting?.main_text === 'string' &&
    typeof p.structured_formatting?.secondary_text === 'string'
  );
}
