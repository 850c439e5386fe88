// Web Mercator (EPSG:3857) tile maths for XYZ tile pyramids: the scheme of Google, OSM and ArcGIS tile caches.
// "World pixels" are pixel coordinates on the whole map at a zoom level, origin at the north-west corner.
import type { LatLon } from './types';

export const TILE_SIZE = 256;
/** Mercator's latitude limit: the map is square only up to here. */
export const MAX_LATITUDE = 85.0511287798066;
/** Equatorial circumference / 256 px: metres per pixel at zoom 0 on the equator (156543.03…). */
export const EQUATOR_M_PER_PX_AT_Z0 = (2 * Math.PI * 6378137) / TILE_SIZE;

export interface WorldPixel {
  x: number;
  y: number;
}

export function worldSize(zoom: number, tileSize = TILE_SIZE): number {
  return tileSize * 2 ** zoom;
}

export function latLonToWorldPixel({ latitude, longitude }: LatLon, zoom: number, tileSize = TILE_SIZE): WorldPixel {
  const size = worldSize(zoom, tileSize);
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const sinLat = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sinLat) / (1 - sinLat)) / (4 * Math.PI)) * size,
  };
}

export function worldPixelToLatLon({ x, y }: WorldPixel, zoom: number, tileSize = TILE_SIZE): LatLon {
  const size = worldSize(zoom, tileSize);
  const n = Math.PI - (2 * Math.PI * y) / size;
  return {
    latitude: (180 / Math.PI) * Math.atan(Math.sinh(n)),
    longitude: (x / size) * 360 - 180,
  };
}

export function latLonToTile(point: LatLon, zoom: number): { x: number; y: number } {
  const p = latLonToWorldPixel(point, zoom);
  return { x: Math.floor(p.x / TILE_SIZE), y: Math.floor(p.y / TILE_SIZE) };
}

/** Metres per pixel of a Web Mercator map at this latitude and zoom: 156543.03·cos(lat)/2^zoom. */
export function groundResolution(latitude: number, zoom: number): number {
  return (EQUATOR_M_PER_PX_AT_Z0 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
}

export interface TilePlacement {
  /** Tile address to request; x wrapped across the antimeridian. */
  x: number;
  y: number;
  /** Where the tile's top-left corner falls in the output image (may be negative). */
  left: number;
  top: number;
}

export interface ViewPlan {
  /** World pixel of the output image's top-left corner. */
  origin: WorldPixel;
  tiles: TilePlacement[];
}

/**
 * The tiles that cover a width × height view centred on a point. The centre lands on output pixel
 * (width/2, height/2) to within half a pixel: the origin is rounded so tiles are copied without resampling.
 */
export function planView(center: LatLon, zoom: number, width: number, height: number): ViewPlan {
  const c = latLonToWorldPixel(center, zoom);
  const origin = { x: Math.round(c.x - width / 2), y: Math.round(c.y - height / 2) };
  const tilesPerSide = 2 ** zoom;
  const firstX = Math.floor(origin.x / TILE_SIZE);
  const lastX = Math.floor((origin.x + width - 1) / TILE_SIZE);
  const firstY = Math.floor(origin.y / TILE_SIZE);
  const lastY = Math.floor((origin.y + height - 1) / TILE_SIZE);
  const tiles: TilePlacement[] = [];
  for (let ty = firstY; ty <= lastY; ty++) {
    // Rows beyond the poles do not exist; the stitcher leaves them blank.
    if (ty < 0 || ty >= tilesPerSide) continue;
    for (let tx = firstX; tx <= lastX; tx++) {
      tiles.push({
        x: ((tx % tilesPerSide) + tilesPerSide) % tilesPerSide,
        y: ty,
        left: tx * TILE_SIZE - origin.x,
        top: ty * TILE_SIZE - origin.y,
      });
    }
  }
  return { origin, tiles };
}
