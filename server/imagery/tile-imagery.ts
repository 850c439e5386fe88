// Imagery from an XYZ tile pyramid: the `tiles` provider (any template, local directories included) and the
// imagery half of `public` (USGS The National Map, whose template is {z}/{y}/{x}).
import { fileURLToPath } from 'node:url';
import { MAP_IMAGE_SIZE, MAP_IMAGE_ZOOM } from './constants';
import { checkPoint } from './coordinates';
import { FetchFailure, ProviderError, toProviderError } from './errors';
import { withOverzoom } from './overzoom';
import { fetchBody, readLocalFile } from './safe-fetch';
import { stitchTiles, type TileFetcher } from './stitch';
import { groundResolution } from './tile-math';
import type { ImageryProvider, LatLon, MapImage } from './types';

export interface TileImageryOptions {
  name: 'public' | 'tiles';
  template: string;
  attribution: string;
  /** The source's stated resolution in m/px, recorded when coarser than the zoom's (NAIP: 0.6 m). */
  nativeGsdMPerPx?: number;
  timeoutMs: number;
  maxImageBytes: number;
}

export function tileFetcherFor(template: string, maxBytes: number): TileFetcher {
  const isFile = template.startsWith('file:');
  return async (z, x, y, signal) => {
    // Only integers are substituted, so the scheme, host and path prefix stay the configured ones.
    const filled = template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
    if (isFile) return readLocalFile(fileURLToPath(filled), maxBytes);
    const { body } = await fetchBody(new URL(filled), { expect: 'image', maxBytes, signal });
    return body;
  };
}

export class TileImagery implements ImageryProvider {
  readonly configured = true;
  readonly name: 'public' | 'tiles';
  readonly attribution: string;
  private readonly fetchTile: TileFetcher;

  constructor(private readonly options: TileImageryOptions) {
    this.name = options.name;
    this.attribution = options.attribution;
    this.fetchTile = tileFetcherFor(options.template, options.maxImageBytes);
  }

  async fetchImage(point: LatLon): Promise<MapImage> {
    const center = checkPoint(point, 'IMAGERY_FAILED');
    const source = this.name === 'public' ? 'usgs-imagery' : 'tiles';
    try {
      const tiles = withOverzoom(this.fetchTile, MAP_IMAGE_ZOOM, source);
      const png = await stitchTiles({
        center,
        zoom: MAP_IMAGE_ZOOM,
        ...MAP_IMAGE_SIZE,
        fetchTile: tiles.fetchTile,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        source,
      });
      // The image is no sharper than its coarsest input: the zoom it was requested at, the level the
      // tiles really came from, or the source's own stated resolution.
      const requested = groundResolution(center.latitude, MAP_IMAGE_ZOOM);
      const fetched = groundResolution(center.latitude, tiles.coarsestZoom());
      const native = Math.max(fetched, this.options.nativeGsdMPerPx ?? 0);
      const coarser = native > requested;
      return {
        png,
        ...MAP_IMAGE_SIZE,
        zoom: MAP_IMAGE_ZOOM,
        center,
        gsdMPerPx: coarser ? native : requested,
        gsdSource: coarser ? 'source-native' : 'map-zoom',
        capturedAt: null,
        attribution: this.attribution,
        provider: this.name,
      };
    } catch (error) {
      // A tile still missing after the overzoom climbed its levels: the source has no picture of this place
      // (USGS covers the United States only; a local directory covers what was cut into it).
      if (error instanceof FetchFailure && error.status === 404) {
        throw new ProviderError('NO_IMAGERY', 'no_imagery', source, error.detail, 404);
      }
      throw toProviderError(error, 'IMAGERY_FAILED', source);
    }
  }
}
