// The copy of the image that is sent to Claude. Anthropic's vision models work on about 1.15 megapixels
// (long side 1568 px); a larger image only costs more upload time and tokens, and the API would shrink it
// anyway — on its side, where we could no longer map the model's pixel coordinates back. So we shrink it
// ourselves, know the exact scale, and send a JPEG re-encoded from pixels only (no EXIF, no comments: any
// metadata text stays here).
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../common/constants';

export const MAX_SENT_PIXELS = 1_150_000;
export const MAX_SENT_LONG_SIDE = 1568;
const JPEG_QUALITY = 85;

export interface PreparedImage {
  data: Buffer;
  mediaType: 'image/jpeg';
  /** Size of the JPEG as sent. */
  width: number;
  height: number;
  /** Size of the input after EXIF orientation: the frame every analyzer's polygons are in. */
  sourceWidth: number;
  sourceHeight: number;
}

/** The largest size with the input's aspect ratio within both limits (never enlarged). */
export function sentSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(MAX_SENT_PIXELS / (width * height)), MAX_SENT_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

export async function prepareImageForClaude(input: Buffer): Promise<PreparedImage> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const, pages: 1, page: 0 };
  const meta = await sharp(input, options).metadata();
  if (!meta.width || !meta.height) throw new Error('image has no size');
  // EXIF orientations 5–8 swap the sides; polygons everywhere are in the oriented frame.
  const swap = (meta.orientation ?? 1) >= 5;
  const sourceWidth = swap ? meta.height : meta.width;
  const sourceHeight = swap ? meta.width : meta.height;
  const size = sentSize(sourceWidth, sourceHeight);
  const { data, info } = await sharp(input, options)
    .autoOrient()
    .resize(size.width, size.height, { fit: 'fill' })
    // JPEG has no alpha: transparent areas become white rather than black.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, mediaType: 'image/jpeg', width: info.width, height: info.height, sourceWidth, sourceHeight };
}
