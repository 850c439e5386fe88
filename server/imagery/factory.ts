// Builds the configured providers. Called once at start; a bad setting throws ImageryConfigError there.
import { resolveImageryConfig, type ImageryConfig, type ImageryConfigInput } from './config';
import { notConfiguredError } from './errors';
import { GoogleImagery } from './google-imagery';
import { GooglePlaces } from './google-places';
import { GuardedPlaces } from './places-guard';
import { PublicPlaces } from './public-places';
import { TileImagery } from './tile-imagery';
import type { ImageryProvider, MapImage, PlacesProvider } from './types';

export const USGS_ATTRIBUTION = 'Imagery: U.S. Geological Survey, The National Map (public domain)';
/**
 * USGSImageryOnly is built mostly from NAIP orthophotos, published at 0.6 m (1 m before 2018): a zoom-20
 * request (≈0.15 m/px) only magnifies them. Some cities have finer High Resolution Orthoimagery; the service
 * does not say which source a tile came from, so the common, coarser figure is the honest one to record.
 */
export const USGS_NATIVE_GSD_M = 0.6;

export function createImagery(input: ImageryConfigInput | ImageryConfig = {}): ImageryProvider {
  const config = resolveImageryConfig(input);
  switch (config.imageryProvider) {
    case 'google':
      return new GoogleImagery({
        apiKey: config.googleMapsApiKey!,
        mapsBaseUrl: config.googleMapsBaseUrl,
        timeoutMs: config.timeoutMs,
        maxImageBytes: config.maxImageBytes,
      });
    case 'public':
      return new TileImagery({
        name: 'public',
        template: config.usgsImageryUrl,
        attribution: USGS_ATTRIBUTION,
        nativeGsdMPerPx: USGS_NATIVE_GSD_M,
        timeoutMs: config.timeoutMs,
        maxImageBytes: config.maxImageBytes,
      });
    case 'tiles':
      return new TileImagery({
        name: 'tiles',
        template: config.tileUrlTemplate!,
        attribution: config.tileAttribution ?? defaultTileAttribution(config.tileUrlTemplate!),
        timeoutMs: config.timeoutMs,
        maxImageBytes: config.maxImageBytes,
      });
    case 'none':
      return new NoImagery(config.setupHelp);
  }
}

export function createPlaces(input: ImageryConfigInput | ImageryConfig = {}): PlacesProvider {
  const config = resolveImageryConfig(input);
  switch (config.placesProvider) {
    case 'google':
      return new GuardedPlaces(
        'google',
        new GooglePlaces({
          apiKey: config.googleMapsApiKey!,
          mapsBaseUrl: config.googleMapsBaseUrl,
          placesBaseUrl: config.googlePlacesBaseUrl,
          timeoutMs: config.timeoutMs,
          maxJsonBytes: config.maxJsonBytes,
        }),
      );
    case 'public':
      return new GuardedPlaces(
        'public',
        new PublicPlaces({
          photonUrl: config.photonUrl,
          censusGeocoderUrl: config.censusGeocoderUrl,
          timeoutMs: config.timeoutMs,
          maxJsonBytes: config.maxJsonBytes,
        }),
      );
    case 'none':
      return new GuardedPlaces('none', null, config.setupHelp);
  }
}

class NoImagery implements ImageryProvider {
  readonly name = 'none';
  readonly configured = false;
  readonly attribution = null;

  constructor(private readonly setupHelp: boolean) {}

  async fetchImage(): Promise<MapImage> {
    throw notConfiguredError('imagery', this.setupHelp);
  }
}

function defaultTileAttribution(template: string): string {
  if (template.startsWith('file:')) return 'Imagery: local tiles';
  return `Imagery: ${new URL(template.replace(/\{[zxy]\}/g, '0')).host}`;
}
