// Decoding is where untrusted bytes meet libvips, so it is strict: header checks before any pixel is
// decoded, a pixel limit against decompression bombs, one frame only, EXIF orientation applied (polygons are
// in the coordinates of the image as a person sees it), and a bounded working copy for the vision code.
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_IMAGE_PIXELS, MIN_IMAGE_SIDE_PX } from '../../../common/constants';
import { ImageDecodeError } from '../contract';

/** The one pixel limit (also checked at upload); a 20000×20000 PNG (400 MP) is refused from its header. */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;
/** The one minimum side (also checked at upload). */
export const MIN_SIDE_PX = MIN_IMAGE_SIDE_PX;
/**
 * Long side of the working copy. 800 px leaves 600×400 map tiles untouched, keeps a 12 MP photo well under a
 * second, and still resolves a wire a few centimetres thick in a close-range drone photo.
 */
export const WORK_LONG_SIDE = 800;
const FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'tiff']);

export interface RgbImage {
  w: number;
  h: number;
  /** Channels as 0..1 floats, row-major. */
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
}

export interface DecodedImage {
  format: string;
  /** Size of the analysed image: the input after EXIF orientation. Polygons are in this pixel grid. */
  width: number;
  height: number;
  /** The working copy (downscaled when the input is larger than WORK_LONG_SIDE). */
  work: RgbImage;
  /** Analysed-image pixels per working pixel, per axis. */
  scaleX: number;
  scaleY: number;
  sha256: string;
  exifOrientation: number | null;
}

/** How every decode of untrusted bytes opens them: the pixel limit, strict errors, the first frame only. */
export const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1, page: 0 };

export function sha256Hex(buf: Buffer): string {
  return createHash('sha256').update(buf).digest('hex');
}

export async function decodeImage(input: Buffer, opts: { workLongSide?: number } = {}): Promise<DecodedImage> {
  if (!input || input.length === 0) throw new ImageDecodeError('IMAGE_EMPTY', 'The image file is empty.');
  const options = DECODE_OPTIONS;
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new ImageDecodeError('IMAGE_UNREADABLE', 'The file is not a readable image.', { cause });
  }
  if (!meta.format || !FORMATS.has(meta.format)) {
    throw new ImageDecodeError('UNSUPPORTED_FORMAT', `Unsupported image format: ${meta.format ?? 'unknown'}.`);
  }
  if ((meta.pages ?? 1) > 1) {
    // A multi-frame image is a clip, not one aerial view; analysing an arbitrary frame would be a guess.
    throw new ImageDecodeError('IMAGE_ANIMATED', `The image has ${meta.pages} frames; upload a single still image.`);
  }
  const w0 = meta.width ?? 0;
  const h0 = meta.height ?? 0;
  if (w0 * h0 > MAX_INPUT_PIXELS) {
    throw new ImageDecodeError(
      'IMAGE_TOO_LARGE',
      `The image is ${w0}×${h0} pixels; at most ${MAX_INPUT_PIXELS / 1e6} megapixels can be analysed.`,
    );
  }
  if (w0 < MIN_SIDE_PX || h0 < MIN_SIDE_PX) {
    throw new ImageDecodeError('IMAGE_TOO_SMALL', `The image is ${w0}×${h0} pixels; at least ${MIN_SIDE_PX}×${MIN_SIDE_PX} is needed.`);
  }
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? h0 : w0;
  const height = swap ? w0 : h0;
  const longSide = opts.workLongSide ?? WORK_LONG_SIDE;
  const k = Math.min(1, longSide / Math.max(width, height));
  const ww = Math.max(1, Math.round(width * k));
  const wh = Math.max(1, Math.round(height * k));

  let raw: { data: Buffer; info: OutputInfo };
  try {
    let pipeline = sharp(input, options).autoOrient().flatten({ background: '#000000' }).toColourspace('srgb');
    if (ww !== width || wh !== height) pipeline = pipeline.resize(ww, wh, { fit: 'fill', kernel: 'linear' });
    raw = await pipeline.raw().toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ImageDecodeError('IMAGE_UNREADABLE', 'The image data is corrupt or truncated.', { cause });
  }
  const { data, info } = raw;
  const n = info.width * info.height;
  const ch = info.channels;
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  const inv = 1 / 255;
  for (let i = 0, p = 0; i < n; i++, p += ch) {
    r[i] = data[p] * inv;
    g[i] = data[p + (ch >= 3 ? 1 : 0)] * inv;
    b[i] = data[p + (ch >= 3 ? 2 : 0)] * inv;
  }
  return {
    format: meta.format,
    width,
    height,
    work: { w: info.width, h: info.height, r, g, b },
    scaleX: width / info.width,
    scaleY: height / info.height,
    sha256: sha256Hex(input),
    exifOrientation: meta.orientation ?? null,
  };
}
