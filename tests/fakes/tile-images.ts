// Imagery for the fake providers, in Web Mercator world pixels (origin north-west, 256·2^z pixels a side).
// Two sources: a synthetic pattern whose colour encodes the world pixel (so a test can tell exactly which
// ground pixel landed where, even after stitching), and any real image repeated across the world (for
// end-to-end runs that want something that looks like a property from above).
import sharp from 'sharp';

export type Rgb = [number, number, number];
export type PixelSource = (gx: number, gy: number) => Rgb;

/**
 * R and G: the pixel's position inside its 256-pixel tile; B: the tile's x and y modulo 16. Unique within any
 * 4096-pixel window, far wider than a 600×400 view. Written independently of server/imagery on purpose.
 */
export const syntheticPixel: PixelSource = (gx, gy) => [gx & 255, gy & 255, (((gx >> 8) & 15) << 4) | ((gy >> 8) & 15)];

/** A decoded image tiled endlessly across the world. */
export async function repeatedImageSource(image: Buffer): Promise<PixelSource> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  return (gx, gy) => {
    const x = ((gx % width) + width) % width;
    const y = ((gy % height) + height) % height;
    const i = (y * width + x) * channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
}

/** Web Mercator world pixel of a point; the textbook formula, kept apart from the code under test. */
export function worldPixel(latitude: number, longitude: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export type ImageFormat = 'png' | 'jpeg';

/** Renders width × height pixels starting at world pixel (x0, y0). */
export async function renderRegion(
  source: PixelSource,
  x0: number,
  y0: number,
  width: number,
  height: number,
  format: ImageFormat,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = source(x0 + x, y0 + y);
      const i = (y * width + x) * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** Tiles already drawn, per pixel source: a tile server answers the same tile many times (a batch of nearby rows). */
const drawn = new WeakMap<PixelSource, Map<string, Promise<Buffer>>>();
const MAX_DRAWN_TILES = 2048;

/** One XYZ tile; `scale` 2 gives a 512-pixel "retina" tile of the same ground (nearest-neighbour). */
export function renderTile(source: PixelSource, x: number, y: number, format: ImageFormat, scale = 1): Promise<Buffer> {
  let cache = drawn.get(source);
  if (!cache) drawn.set(source, (cache = new Map()));
  const key = `${x}/${y}/${format}/${scale}`;
  let tile = cache.get(key);
  if (!tile) {
    if (cache.size >= MAX_DRAWN_TILES) cache.delete(cache.keys().next().value!);
    tile = (async () => {
      const region = await renderRegion(source, x * 256, y * 256, 256, 256, 'png');
      const image = sharp(region).resize(256 * scale, 256 * scale, { kernel: 'nearest' });
      return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
    })();
    cache.set(key, tile);
    tile.catch(() => cache.delete(key));
  }
  return tile;
}

/** A view centred on a point, framed like Google Static Maps (centre at pixel width/2, height/2). */
export function renderView(
  source: PixelSource,
  latitude: number,
  longitude: number,
  zoom: number,
  width: number,
  height: number,
  format: ImageFormat,
): Promise<Buffer> {
  const c = worldPixel(latitude, longitude, zoom);
  return renderRegion(source, Math.round(c.x - width / 2), Math.round(c.y - height / 2), width, height, format);
}
