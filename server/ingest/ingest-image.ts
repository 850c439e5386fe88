import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, MIN_IMAGE_SIDE_PX } from '../../common/constants';
import { AppError } from '../domain/errors';
import { invalidImage, noFile, tooFewPixels, tooManyPixels } from './errors';
import { readExifHints, type ExifHints } from './exif';
import { estimateGsd, type GsdHint } from './gsd';
import { readLimited, type ImageInput } from './read-limited';
import { MIME_BY_FORMAT, sniffImageFormat, type ImageFormat } from './sniff';

/**
 * Largest decoded image accepted: the analyzers' own limit, so nothing is accepted that cannot be analysed
 * (a 46 MP upload used to be stored, then refused by the analyzer). A drone's 48 MP mode is over it. The
 * analyzers' smallest side (MIN_IMAGE_SIDE_PX) is checked here for the same reason.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

export interface IngestOptions {
  maxBytes?: number;
  maxPixels?: number;
}

export interface IngestedImage {
  /** The re-encoded image: orientation applied, first frame only, no metadata. What gets stored. */
  buffer: Buffer;
  mime: 'image/jpeg' | 'image/png';
  ext: 'jpg' | 'png';
  /** Size after orientation (a portrait photo stored sideways comes out portrait). */
  width: number;
  height: number;
  /** Of the bytes as received, for provenance: the upload can be matched to the sender's file. */
  sha256: string;
  /** Size of `buffer`. */
  byteSize: number;
  receivedByteSize: number;
  sourceMime: 'image/jpeg' | 'image/png' | 'image/gif';
  exif: ExifHints;
  gsdHint: GsdHint | null;
}

/**
 * Validates and normalises one uploaded image. Pure: reads its input, writes nothing; the caller
 * stores `buffer` (blob first, row second).
 *
 * Order matters: size while streaming (never hold more than the limit), type from the bytes, EXIF
 * before the re-encode strips it, the declared dimensions before any pixel is decoded.
 */
export async function ingestImage(input: ImageInput, options: IngestOptions = {}): Promise<IngestedImage> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;

  const received = await readLimited(input, maxBytes);
  if (received.length === 0) throw noFile();
  const format = sniffImageFormat(received);
  if (!format) throw invalidImage();

  const sha256 = createHash('sha256').update(received).digest('hex');
  const exif = await readExifHints(received, format);
  const output = await decodeSlots.run(() => reencode(received, format, maxPixels));

  return {
    buffer: output.data,
    mime: format === 'jpeg' ? 'image/jpeg' : 'image/png',
    ext: format === 'jpeg' ? 'jpg' : 'png',
    width: output.info.width,
    height: output.info.height,
    sha256,
    byteSize: output.data.length,
    receivedByteSize: received.length,
    sourceMime: MIME_BY_FORMAT[format],
    exif,
    gsdHint: estimateGsd(exif, output.info.width, output.info.height),
  };
}

async function reencode(received: Buffer, format: ImageFormat, maxPixels: number) {
  configureSharp();
  // Header only: the dimensions a file declares are checked before anything is decoded, so a
  // 20 000 × 20 000 PNG of a few hundred KB costs a few milliseconds, not 1.2 GB.
  let declared: Metadata;
  try {
    declared = await sharp(received, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw invalidImage();
  }
  // The magic number said one thing; the decoder must agree, or the bytes are not what they claim.
  if (declared.format !== format || !declared.width || !declared.height) throw invalidImage();
  if (declared.width * declared.height > maxPixels) throw tooManyPixels(declared.width, declared.height, maxPixels);
  if (Math.min(declared.width, declared.height) < MIN_IMAGE_SIDE_PX) throw tooFewPixels(declared.width, declared.height, MIN_IMAGE_SIDE_PX);

  try {
    // pages: 1 decodes only the first GIF frame, whatever the frame count. failOn 'warning' (sharp's
    // default, stated here because it matters) turns a truncated or corrupt file into an error instead
    // of an image with a grey band. No withMetadata/keepExif: the output carries no EXIF, XMP or GPS.
    const pipeline = sharp(received, { limitInputPixels: maxPixels, pages: 1, failOn: 'warning' }).rotate();
    const encoded = format === 'jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png();
    return await encoded.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImage();
  }
}

let sharpConfigured = false;

/**
 * libvips' operation cache helps when the same image is processed repeatedly; uploads are each seen
 * once, so it would only hold memory. Threads per image are capped so one large decode does not take
 * every core from request handling. Process-wide and idempotent.
 */
export function configureSharp(): void {
  if (sharpConfigured) return;
  sharpConfigured = true;
  sharp.cache(false);
  sharp.concurrency(Math.max(1, Math.min(4, availableParallelism())));
}

/** Caps how many images are decoded at once: each may hold up to MAX_INPUT_PIXELS × 4 bytes. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
    if (this.active < this.size) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const decodeSlots = new Slots(Math.max(1, Math.min(2, availableParallelism())));
