// A content-type header proves nothing: every image a provider sends is fully decoded before use, with a
// pixel limit so a small compressed file cannot expand into gigabytes.
import sharp, { type Metadata } from 'sharp';
import { FetchFailure } from './errors';

/** Far above any tile (256 or 512 px) or static map (≤ 1280 px), far below a decompression bomb. */
const MAX_INPUT_PIXELS = 4096 * 4096;
/** Where a transparent tile has no data, show neutral grey rather than black (which reads as shadow). */
const BACKGROUND = { r: 128, g: 128, b: 128 };

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes any supported image to 8-bit sRGB without alpha, resized to width × height when it differs. */
export async function decodeToRgb(input: Buffer, width: number, height: number, source: string): Promise<RgbImage> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    let pipeline = image.flatten({ background: BACKGROUND }).toColourspace('srgb');
    if (meta.width !== width || meta.height !== height) {
      pipeline = pipeline.resize(width, height, { fit: 'fill' });
    }
    const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || info.width !== width || info.height !== height) {
      throw new Error('unexpected decode result');
    }
    return { data, width, height };
  } catch {
    throw new FetchFailure('not_image', `undecodable image from ${source}`);
  }
}

/**
 * Checks a whole-picture answer (a static map): it must decode, and have the requested aspect ratio, since
 * stretching a differently framed picture would falsify the ground resolution. Returns a PNG of width × height.
 */
export async function normaliseMapImage(input: Buffer, width: number, height: number, source: string): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new FetchFailure('not_image', `undecodable image from ${source}`);
  }
  if (!meta.width || !meta.height || Math.abs(meta.width / meta.height - width / height) > 0.01) {
    throw new FetchFailure('not_image', `image of ${meta.width}×${meta.height} from ${source}`);
  }
  return rgbToPng(await decodeToRgb(input, width, height, source));
}

export async function rgbToPng({ data, width, height }: RgbImage): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
