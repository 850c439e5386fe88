// Google: Places API (New) for suggestions and place ids (legacy Places cannot be enabled for new projects),
// Geocoding API for free text. Places (New) takes the key in X-Goog-Api-Key and needs a field mask; the
// Geocoding API takes it as the `key` query parameter.
import { z } from 'zod';
import { FetchFailure, ProviderError } from './errors';
import type { PlacesBackend } from './places-guard';
import { endpoint, fetchJson, parseShape } from './safe-fetch';
import type { GeocodeResult, Prediction } from './types';

export interface GooglePlacesOptions {
  apiKey: string;
  mapsBaseUrl: string;
  placesBaseUrl: string;
  timeoutMs: number;
  maxJsonBytes: number;
}

export const AUTOCOMPLETE_FIELD_MASK =
  'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text,suggestions.placePrediction.structuredFormat';
export const PLACE_DETAILS_FIELD_MASK = 'id,formattedAddress,location';
/** Google place ids are URL-safe base64-like strings; anything else would change the request path. */
const PLACE_ID = /^[A-Za-z0-9_-]+$/;

const text = z.object({ text: z.string() });
const autocompleteResponse = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text,
            structuredFormat: z.object({ mainText: text, secondaryText: text.optional() }).optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});
const placeDetails = z.object({
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
});
const geocodeResponse = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        formatted_address: z.string(),
        geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
      }),
    )
    .optional(),
});

export class GooglePlaces implements PlacesBackend {
  readonly service = 'google-places';
  // Google's own attribution is shown by the client's "powered by Google" notice when this provider is used.
  readonly attribution = 'Powered by Google';

  constructor(private readonly options: GooglePlacesOptions) {}

  async autocomplete(input: string, sessionToken: string | undefined): Promise<Prediction[]> {
    const json = await fetchJson(endpoint(this.options.placesBaseUrl, '/v1/places:autocomplete'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Goog-Api-Key': this.options.apiKey,
        'X-Goog-FieldMask': AUTOCOMPLETE_FIELD_MASK,
      },
      body: JSON.stringify(sessionToken ? { input, sessionToken } : { input }),
      maxBytes: this.options.maxJsonBytes,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const parsed = parseShape(autocompleteResponse, json);
    return (parsed.suggestions ?? []).flatMap(({ placePrediction: p }) => {
      // Query predictions ("pizza near…") have no place and cannot be geocoded; skip them.
      if (!p) return [];
      const main = p.structuredFormat?.mainText.text ?? p.text.text;
      return [
        {
          description: p.text.text,
          place_id: p.placeId,
          structured_formatting: { main_text: main, secondary_text: p.structuredFormat?.secondaryText?.text ?? '' },
        },
      ];
    });
  }

  async geocodePlace(placeId: string, sessionToken: string | undefined): Promise<GeocodeResult> {
    if (!PLACE_ID.test(placeId)) throw new ProviderError('ADDRESS_NOT_FOUND', 'invalid_input', this.service, 'malformed place id');
    const url = endpoint(this.options.placesBaseUrl, `/v1/places/${placeId}`);
    // The session token on the details call closes the autocomplete session Google bills as one.
    if (sessionToken) url.searchParams.set('sessionToken', sessionToken);
    let json: unknown;
    try {
      json = await fetchJson(url, {
        headers: { 'X-Goog-Api-Key': this.options.apiKey, 'X-Goog-FieldMask': PLACE_DETAILS_FIELD_MASK },
        maxBytes: this.options.maxJsonBytes,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof FetchFailure && (error.status === 404 || error.status === 400)) {
        throw new ProviderError('ADDRESS_NOT_FOUND', 'no_match', this.service, error.detail, error.status);
      }
      throw error;
    }
    const place = parseShape(placeDetails, json);
    return {
      latitude: place.location.latitude,
      longitude: place.location.longitude,
      formattedAddress: place.formattedAddress ?? '',
    };
  }

  async geocodeAddress(address: string): Promise<GeocodeResult> {
    const url = endpoint(this.options.mapsBaseUrl, '/maps/api/geocode/json');
    url.searchParams.set('address', address);
    url.searchParams.set('key', this.options.apiKey);
    const json = await fetchJson(url, {
      maxBytes: this.options.maxJsonBytes,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const parsed = parseShape(geocodeResponse, json);
    // The Geocoding API answers 200 for every outcome; the verdict is in `status`.
    if (parsed.status === 'ZERO_RESULTS') {
      throw new ProviderError('ADDRESS_NOT_FOUND', 'no_match', 'google-geocoding', 'ZERO_RESULTS');
    }
    const first = parsed.results?.[0];
    if (parsed.status !== 'OK' || !first) {
      throw new ProviderError('GEOCODE_FAILED', 'bad_response', 'google-geocoding', `status ${parsed.status.slice(0, 40)}`);
    }
    return {
      latitude: first.geometry.location.lat,
      longitude: first.geometry.location.lng,
      formattedAddress: first.formatted_address,
    };
  }
}
