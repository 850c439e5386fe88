// The two small interfaces the rest of the server sees. Shapes follow spec §3 (Place prediction) and §9
// (map image: zoom 20, 600×400).
import type { ImageryProviderName, PlacesProviderName } from './config';

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Spec §3 "Place prediction", field names as the REST API returns them. */
export interface Prediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text: string };
}

export type GeocodeQuery = { address: string } | { placeId: string; sessionToken?: string };

export interface GeocodeResult extends LatLon {
  formattedAddress: string;
}

export interface PlacesProvider {
  readonly name: PlacesProviderName;
  /** False for `none`: autocomplete returns [] and geocoding accepts only typed coordinates. */
  readonly configured: boolean;
  /** Credit the suggestions list must show (OpenStreetMap data via Photon), or null. */
  readonly attribution: string | null;
  /** Fewer than 3 characters (trimmed) answers [] without calling the provider. */
  autocomplete(input: string, options?: { sessionToken?: string }): Promise<Prediction[]>;
  /** "latitude, longitude" typed as an address is answered without calling the provider. */
  geocode(query: GeocodeQuery): Promise<GeocodeResult>;
}

export type GsdSource = 'map-zoom' | 'source-native';

export interface MapImage {
  /** PNG, exactly width × height. */
  png: Buffer;
  width: number;
  height: number;
  zoom: number;
  center: LatLon;
  /** Metres on the ground per image pixel: the zoom formula, or the source's coarser native resolution. */
  gsdMPerPx: number;
  gsdSource: GsdSource;
  /** ISO date of capture when the provider states one; none of the current providers does per request. */
  capturedAt: string | null;
  attribution: string;
  provider: Exclude<ImageryProviderName, 'none'>;
}

export interface ImageryProvider {
  readonly name: ImageryProviderName;
  /** False for `none`: the Map tab explains how to configure a provider instead of failing. */
  readonly configured: boolean;
  readonly attribution: string | null;
  fetchImage(point: LatLon): Promise<MapImage>;
}
