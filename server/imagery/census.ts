// US Census Bureau one-line address geocoder (public, keyless, United States addresses only).
import { z } from 'zod';
import { ProviderError } from './errors';
import { endpoint, fetchJson, parseShape } from './safe-fetch';
import type { GeocodeResult } from './types';

export interface CensusOptions {
  url: string;
  timeoutMs: number;
  maxJsonBytes: number;
}

const response = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        matchedAddress: z.string(),
        // The Census answers x = longitude, y = latitude.
        coordinates: z.object({ x: z.number(), y: z.number() }),
      }),
    ),
  }),
});

export class CensusGeocoder {
  constructor(private readonly options: CensusOptions) {}

  async geocode(address: string): Promise<GeocodeResult> {
    const url = endpoint(this.options.url, '');
    url.searchParams.set('address', address);
    url.searchParams.set('benchmark', 'Public_AR_Current');
    url.searchParams.set('format', 'json');
    const json = await fetchJson(url, {
      maxBytes: this.options.maxJsonBytes,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const [match] = parseShape(response, json).result.addressMatches;
    if (!match) throw new ProviderError('ADDRESS_NOT_FOUND', 'no_match', 'census', 'no address match');
    return { latitude: match.coordinates.y, longitude: match.coordinates.x, formattedAddress: match.matchedAddress };
  }
}
