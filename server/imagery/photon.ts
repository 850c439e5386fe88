// Photon (komoot's OpenStreetMap search, fair use or self-hosted): autocomplete for the `public` provider.
// Its answer already holds coordinates, so the place id carries them (and the label): choosing a suggestion
// needs no second call. A client may forge such an id, but all it can choose is a point and a label, which it
// could equally type as an address.
import { z } from 'zod';
import { ProviderError } from './errors';
import { endpoint, fetchJson, parseShape } from './safe-fetch';
import type { GeocodeResult, Prediction } from './types';

export interface PhotonOptions {
  url: string;
  timeoutMs: number;
  maxJsonBytes: number;
}

export const PHOTON_ATTRIBUTION = 'Search © OpenStreetMap contributors (Photon)';
const MAX_LABEL_CHARS = 200;
const PLACE_ID = /^photon:([NWR]?)(\d{0,20}):(-?\d{1,3}(?:\.\d{1,10})?),(-?\d{1,3}(?:\.\d{1,10})?):([A-Za-z0-9_-]{0,400})$/;

const feature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    osm_id: z.union([z.number(), z.string()]).optional(),
    osm_type: z.string().optional(),
    name: z.string().optional(),
    housenumber: z.string().optional(),
    street: z.string().optional(),
    city: z.string().optional(),
    district: z.string().optional(),
    county: z.string().optional(),
    state: z.string().optional(),
    postcode: z.string().optional(),
    country: z.string().optional(),
  }),
});
const featureCollection = z.object({ features: z.array(z.unknown()) });
type Feature = z.infer<typeof feature>;

export class Photon {
  constructor(private readonly options: PhotonOptions) {}

  async search(query: string, limit: number): Promise<Prediction[]> {
    const url = endpoint(this.options.url, '');
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('lang', 'en');
    const json = await fetchJson(url, {
      maxBytes: this.options.maxJsonBytes,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const seen = new Set<string>();
    const predictions: Prediction[] = [];
    // One odd feature should not cost the whole list; the collection itself must be well formed.
    for (const raw of parseShape(featureCollection, json).features) {
      const parsed = feature.safeParse(raw);
      if (!parsed.success) continue;
      const prediction = toPrediction(parsed.data);
      if (prediction && !seen.has(prediction.place_id)) {
        seen.add(prediction.place_id);
        predictions.push(prediction);
      }
    }
    return predictions;
  }

  async geocode(address: string): Promise<GeocodeResult> {
    const [first] = await this.search(address, 1);
    if (!first) throw new ProviderError('ADDRESS_NOT_FOUND', 'no_match', 'photon', 'no features');
    return decodePhotonPlaceId(first.place_id)!;
  }
}

function toPrediction(f: Feature): Prediction | null {
  const [longitude, latitude] = f.geometry.coordinates;
  const p = f.properties;
  const streetLine = [p.housenumber, p.street].filter(Boolean).join(' ');
  const main = p.name || streetLine || p.city || p.county || p.state || p.country;
  if (!main) return null;
  const secondary = unique([
    main === p.name ? streetLine : '',
    p.city ?? p.district ?? '',
    [p.state, p.postcode].filter(Boolean).join(' '),
    p.country ?? '',
  ]).filter((part) => part && part !== main);
  const description = [main, ...secondary].join(', ').slice(0, MAX_LABEL_CHARS);
  const osm = `${(p.osm_type ?? '').slice(0, 1).toUpperCase()}${p.osm_id ?? ''}`.replace(/[^NWR0-9]/g, '');
  return {
    description,
    place_id: `photon:${osm}:${latitude.toFixed(7)},${longitude.toFixed(7)}:${Buffer.from(description).toString('base64url')}`,
    structured_formatting: { main_text: main, secondary_text: secondary.join(', ') },
  };
}

/** The point and label in a Photon place id, or null if it is not one. */
export function decodePhotonPlaceId(placeId: string): GeocodeResult | null {
  const match = PLACE_ID.exec(placeId);
  if (!match) return null;
  const label = Buffer.from(match[5], 'base64url')
    .toString('utf8')
    .replace(/[\p{Cc}\p{Cf}]/gu, '');
  return {
    latitude: Number(match[3]),
    longitude: Number(match[4]),
    formattedAddress: label.slice(0, MAX_LABEL_CHARS),
  };
}

function unique(parts: string[]): string[] {
  return [...new Set(parts)];
}
