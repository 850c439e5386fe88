// Test images made on the fly with sharp (and, where sharp would be too slow or would refuse, by hand).
import { createDeflate, crc32 } from 'node:zlib';
import sharp from 'sharp';

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 0, g: 0, b: 255 };

/** Raw RGB, left half red and right half blue, so a rotation is visible in the pixels. */
function halves(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = x < width / 2 ? RED : BLUE;
      raw.set([c.r, c.g, c.b], (y * width + x) * 3);
    }
  }
  return raw;
}

export const DJI_XMP = (relativeAltitude: string, pitch: string) =>
  `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">` +
  `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ` +
  `xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" drone-dji:AbsoluteAltitude="+180.50" ` +
  `drone-dji:RelativeAltitude="${relativeAltitude}" drone-dji:GimbalPitchDegree="${pitch}"/></rdf:RDF></x:xmpmeta>` +
  `<?xpacket end="w"?>`;

/**
 * An 80 × 40 drone-style JPEG stored sideways (EXIF orientation 6 = display rotated 90° clockwise), with
 * GPS position, capture time with offset, GPS altitude, focal lengths, camera model and DJI XMP.
 */
export async function droneJpeg(options: { relativeAltitude?: string; pitch?: string } = {}): Promise<Buffer> {
  return sharp(halves(80, 40), { raw: { width: 80, height: 40, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'DJI', Model: 'FC3582' },
      IFD2: {
        DateTimeOriginal: '2024:05:06 07:08:09',
        OffsetTimeOriginal: '+02:00',
        FocalLength: '672/100',
        FocalLengthIn35mmFilm: '24',
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 0/1',
        GPSAltitude: '1805/10',
      },
    })
    .withXmp(DJI_XMP(options.relativeAltitude ?? '+60.20', options.pitch ?? '-90.00'))
    .toBuffer();
}

export async function plainJpeg(width = 200, height = 150): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function pngWithGps(): Promise<Buffer> {
  return sharp(halves(60, 40), { raw: { width: 60, height: 40, channels: 3 } })
    .png()
    .withExif({
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 0/1' },
    })
    .toBuffer();
}

/**
 * An animated GIF whose first frame is red and whose other frames are blue with one white pixel in a
 * different place each (the encoder merges frames it finds alike, so each must really differ).
 */
export async function animatedGif(frames: number, size = 64): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * frames * 3);
  for (let f = 0; f < frames; f++) {
    const marker = f % (size * size);
    for (let i = 0; i < size * size; i++) {
      const colour = f === 0 ? [255, 0, 0] : i === marker ? [255, 255, 255] : [0, 0, 255];
      raw.set(colour, (f * size * size + i) * 3);
    }
  }
  return sharp(raw, { raw: { width: size, height: size * frames, channels: 3, pageHeight: size } })
    .gif({ effort: 1, colours: 16, dither: 0, delay: 20 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function grayPng(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A complete, valid 20 000 × 20 000 greyscale PNG (400 MP, a few hundred KB): all-black rows deflate
 * about 1000:1. Written row by row so the 400 MB of raw pixels never exist in memory at once.
 */
export async function hugePng(side = 20_000): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rows = Buffer.alloc((side + 1) * 500); // 500 rows of filter byte 0 + black pixels
  for (let y = 0; y < side; y += 500) {
    if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return grayPng(side, side, Buffer.concat(chunks));
}

/**
 * A PNG whose header claims 20 000 × 20 000 but whose pixel data is a few bytes of garbage: it can only
 * be told apart from a valid image by decoding it, so rejecting it for its size proves nothing was decoded.
 */
export function hugePngHeaderOnly(side = 20_000): Buffer {
  return grayPng(side, side, Buffer.from([0x78, 0x9c, 0x00, 0x01]));
}

/**
 * A valid JPEG of exactly `size` bytes: comment (COM) segments after the SOI marker pad it out. Decoders
 * skip comments, so the picture is the small one underneath.
 */
export async function jpegOfExactSize(size: number): Promise<Buffer> {
  const base = await plainJpeg(64, 48);
  let remaining = size - base.length;
  if (remaining < 4) throw new Error('size too small for padding');
  const segments: Buffer[] = [];
  while (remaining > 0) {
    let total = Math.min(remaining, 2 + 65535); // marker + maximal length field value
    if (remaining - total > 0 && remaining - total < 4) total -= 4; // leave room for a minimal segment
    const segment = Buffer.alloc(total, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(total - 2, 2);
    segments.push(segment);
    remaining -= total;
  }
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

export interface CountingStream extends AsyncIterable<Uint8Array> {
  /** Bytes handed out so far. */
  readonly pulled: number;
  /** True once the consumer closed the source (return() ran). */
  readonly closed: boolean;
}

/** Streams `bytes` in chunks (or endlessly, repeating them), recording how much was read. */
export function countingStream(bytes: Uint8Array, chunkSize = 64 * 1024, endless = false): CountingStream {
  const state = { pulled: 0, closed: false };
  async function* generate() {
    try {
      do {
        for (let offset = 0; offset < bytes.length; offset += chunkSize) {
          const chunk = bytes.subarray(offset, offset + chunkSize);
          state.pulled += chunk.length;
          yield chunk;
        }
      } while (endless);
    } finally {
      state.closed = true;
    }
  }
  const iterable = generate();
  return {
    [Symbol.asyncIterator]: () => iterable,
    get pulled() {
      return state.pulled;
    },
    get closed() {
      return state.closed;
    },
  };
}
