// Google Static Maps: the seed's image (zoom 20, 600×400, satellite), fetched by the server so the key stays
// secret. Google's terms restrict analysing this imagery; the provider is opt-in (docs/decisions/006).
import { MAP_IMAGE_SIZE, MAP_IMAGE_ZOOM } from './constants';
import { checkPoint } from './coordinates';
import { toProviderError } from './errors';
import { normaliseMapImage } from './image-check';
import { endpoint, fetchBody } from './safe-fetch';
import { groundResolution } from './tile-math';
import type { ImageryProvider, LatLon, MapImage } from './types';

export interface GoogleImageryOptions {
  apiKey: string;
  mapsBaseUrl: string;
  timeoutMs: number;
  maxImageBytes: number;
}

export const GOOGLE_ATTRIBUTION = 'Imagery © Google';

export class GoogleImagery implements ImageryProvider {
  readonly name = 'google';
  readonly configured = true;
  readonly attribution = GOOGLE_ATTRIBUTION;

  constructor(private readonly options: GoogleImageryOptions) {}

  async fetchImage(point: LatLon): Promise<MapImage> {
    const center = checkPoint(point, 'IMAGERY_FAILED');
    const { width, height } = MAP_IMAGE_SIZE;
    const url = endpoint(this.options.mapsBaseUrl, '/maps/api/staticmap');
    url.searchParams.set('center', `${center.latitude.toFixed(7)},${center.longitude.toFixed(7)}`);
    url.searchParams.set('zoom', String(MAP_IMAGE_ZOOM));
    url.searchParams.set('size', `${width}x${height}`);
    url.searchParams.set('maptype', 'satellite');
    url.searchParams.set('key', this.options.apiKey);
    try {
      const { body } = await fetchBody(url, {
        expect: 'image',
        maxBytes: this.options.maxImageBytes,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      return {
        png: await normaliseMapImage(body, width, height, 'google-static-maps'),
        width,
        height,
        zoom: MAP_IMAGE_ZOOM,
        center,
        // Google states no per-image resolution or date; the zoom formula is all we can record.
        gsdMPerPx: groundResolution(center.latitude, MAP_IMAGE_ZOOM),
        gsdSource: 'map-zoom',
        capturedAt: null,
        attribution: GOOGLE_ATTRIBUTION,
        provider: 'google',
      };
    } catch (error) {
      throw toProviderError(error, 'IMAGERY_FAILED', 'google-static-maps');
    }
  }
}
