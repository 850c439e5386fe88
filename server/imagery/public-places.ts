// The keyless `public` places provider: Photon suggestions, Census geocoding of typed addresses with Photon
// as the fallback (the Census matches only complete US street addresses, not "Empire State Building").
import { CensusGeocoder } from './census';
import { formatCoordinates } from './coordinates';
import { ProviderError, toProviderError } from './errors';
import { decodePhotonPlaceId, Photon, PHOTON_ATTRIBUTION } from './photon';
import type { PlacesBackend } from './places-guard';
import type { GeocodeResult, Prediction } from './types';

export interface PublicPlacesOptions {
  photonUrl: string;
  censusGeocoderUrl: string;
  timeoutMs: number;
  maxJsonBytes: number;
}

export const AUTOCOMPLETE_LIMIT = 5;

export class PublicPlaces implements PlacesBackend {
  readonly service = 'photon';
  readonly attribution = PHOTON_ATTRIBUTION;
  private readonly photon: Photon;
  private readonly census: CensusGeocoder;

  constructor(options: PublicPlacesOptions) {
    this.photon = new Photon({ url: options.photonUrl, ...options });
    this.census = new CensusGeocoder({ url: options.censusGeocoderUrl, ...options });
  }

  autocomplete(input: string): Promise<Prediction[]> {
    return this.photon.search(input, AUTOCOMPLETE_LIMIT);
  }

  async geocodePlace(placeId: string): Promise<GeocodeResult> {
    const place = decodePhotonPlaceId(placeId);
    if (!place) throw new ProviderError('ADDRESS_NOT_FOUND', 'invalid_input', 'photon', 'not a photon place id');
    return { ...place, formattedAddress: place.formattedAddress || formatCoordinates(place) };
  }

  async geocodeAddress(address: string): Promise<GeocodeResult> {
    let censusError: ProviderError;
    try {
      return await this.census.geocode(address);
    } catch (error) {
      censusError = toProviderError(error, 'GEOCODE_FAILED', 'census');
    }
    try {
      return await this.photon.geocode(address);
    } catch (error) {
      const photonError = toProviderError(error, 'GEOCODE_FAILED', 'photon');
      // A Census outage is the failure worth reporting; a Census "no match" defers to what Photon said.
      throw censusError.providerCode === 'ADDRESS_NOT_FOUND' ? photonError : censusError;
    }
  }
}
