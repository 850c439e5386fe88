import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../common/constants';
import { AppError } from '../../../server/domain/errors';
import { ingestImage, type IngestedImage } from '../../../server/ingest/ingest-image';
import { animatedGif, countingStream, droneJpeg, hugePng, hugePngHeaderOnly, jpegOfExactSize, plainJpeg, pngWithGps } from './fixtures';

// Tests that make 10 MB or 400-megapixel inputs; generous because the machine's cores are shared.
const HEAVY = 60_000;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the upload to be rejected');
    },
    (e: unknown) => e,
  );
  // An AppError, so the transports' one error map turns it into the right status and body.
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectInvalidType(input: Uint8Array | AsyncIterable<Uint8Array>) {
  const error = await rejection(ingestImage(input));
  expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  expect(error.message).toBe('Please select a valid image file (JPEG, PNG, or GIF)');
}

async function pixel(image: IngestedImage, x: number, y: number) {
  const { data, info } = await sharp(image.buffer).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

describe('ingestImage: accepted images', () => {
  it('reads the EXIF hints of a drone JPEG, applies its orientation and strips its metadata', async () => {
    const input = await droneJpeg();
    const image = await ingestImage(input);

    expect(image.exif).toEqual({
      latitude: 37.775,
      longitude: expect.closeTo(-122.416667, 5),
      capturedAt: new Date('2024-05-06T05:08:09Z'),
      altitudeM: 180.5,
      relativeAltitudeM: 60.2,
      gimbalPitchDeg: -90,
      focalLengthMm: 6.72,
      focalLength35mmMm: 24,
      model: 'DJI FC3582',
    });
    // Stored 80 × 40 with "rotate 90° clockwise": the left (red) half is now the top.
    expect([image.width, image.height]).toEqual([40, 80]);
    const top = await pixel(image, 20, 4);
    const bottom = await pixel(image, 20, 75);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);

    const stored = await sharp(image.buffer).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(image.buffer.includes(Buffer.from('drone-dji'))).toBe(false);

    expect(image).toMatchObject({ mime: 'image/jpeg', ext: 'jpg', sourceMime: 'image/jpeg' });
    expect(image.sha256).toBe(createHash('sha256').update(input).digest('hex'));
    expect(image.receivedByteSize).toBe(input.length);
    expect(image.byteSize).toBe(image.buffer.length);
  });

  it('estimates the ground resolution from the height above take-off, labelled as an estimate', async () => {
    const image = await ingestImage(await droneJpeg());
    // 60.2 m, 24 mm equivalent, 2:1 frame: long side of the equivalent sensor = 43.27 × 2/√5 mm.
    const expected = (60.2 * ((Math.hypot(36, 24) * 80) / Math.hypot(80, 40))) / (24 * 80);
    expect(image.gsdHint?.source).toBe('estimated');
    expect(image.gsdHint?.metersPerPixel).toBeCloseTo(expected, 3);
    expect(image.gsdHint?.basis).toContain('60.2 m');
  });

  it('gives no ground resolution for an oblique shot or a photo without height above ground', async () => {
    expect((await ingestImage(await droneJpeg({ pitch: '-30.0' }))).gsdHint).toBeNull();
    const plain = await ingestImage(await plainJpeg());
    expect(plain.gsdHint).toBeNull();
    expect(plain.exif).toEqual({});
  });

  it('keeps a PNG as PNG and reads its GPS position', async () => {
    const image = await ingestImage(await pngWithGps());
    expect(image).toMatchObject({ mime: 'image/png', ext: 'png', width: 60, height: 40, sourceMime: 'image/png' });
    expect(image.exif.latitude).toBeCloseTo(-33.866667, 5);
    expect(image.exif.longitude).toBeCloseTo(151.2, 5);
    expect((await sharp(image.buffer).metadata()).exif).toBeUndefined();
  });

  it(
    'turns a 500-frame GIF into a PNG of its first frame only',
    async () => {
      const gif = await animatedGif(500);
      expect((await sharp(gif).metadata()).pages).toBe(500);

      const image = await ingestImage(gif);
      expect(image).toMatchObject({ mime: 'image/png', ext: 'png', sourceMime: 'image/gif', width: 64, height: 64 });
      const stored = await sharp(image.buffer).metadata();
      expect(stored.format).toBe('png');
      expect(stored.pages ?? 1).toBe(1);
      expect(stored.height).toBe(64);
      expect(await pixel(image, 32, 32)).toEqual([255, 0, 0]);
    },
    HEAVY,
  );

  it('accepts a Node stream as well as bytes', async () => {
    const bytes = await plainJpeg();
    const image = await ingestImage(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]));
    expect(image.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect([image.width, image.height]).toEqual([200, 150]);
  });
});

describe('ingestImage: size limit', () => {
  it(
    'accepts a stream of exactly 10 MB',
    async () => {
      const bytes = await jpegOfExactSize(MAX_UPLOAD_BYTES);
      expect(bytes.length).toBe(10 * 1024 * 1024);
      const image = await ingestImage(countingStream(bytes));
      expect(image.receivedByteSize).toBe(MAX_UPLOAD_BYTES);
      expect([image.width, image.height]).toEqual([64, 48]);
      expect(image.byteSize).toBeLessThan(100_000); // the comments were not kept
    },
    HEAVY,
  );

  it(
    'refuses 10 MB + 1 byte while streaming, without reading past the limit',
    async () => {
      const bytes = await jpegOfExactSize(MAX_UPLOAD_BYTES + 1);
      const stream = countingStream(bytes);
      const error = await rejection(ingestImage(stream));
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toBe('File size exceeds 10MB limit');
      expect(stream.closed).toBe(true);
      expect(stream.pulled).toBe(bytes.length); // the last chunk is the one that crossed the limit
    },
    HEAVY,
  );

  it('stops reading an endless stream at the limit and closes it', async () => {
    const stream = countingStream(Buffer.alloc(1024 * 1024, 0xff), 256 * 1024, true);
    const error = await rejection(ingestImage(stream));
    expect(error.message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(stream.closed).toBe(true);
    expect(stream.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 256 * 1024);
  });

  it('destroys a Node stream that exceeds the limit', async () => {
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 1000; i++) yield Buffer.alloc(64 * 1024);
      })(),
    );
    await rejection(ingestImage(source, { maxBytes: 1024 * 1024 }));
    expect(source.destroyed).toBe(true);
  });

  it('refuses a buffer over the limit', async () => {
    const error = await rejection(ingestImage(Buffer.alloc(MAX_UPLOAD_BYTES + 1)));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('asks for a file when there are no bytes', async () => {
    for (const input of [new Uint8Array(0), countingStream(new Uint8Array(0))]) {
      const error = await rejection(ingestImage(input));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe('Please select a file to upload');
    }
  });
});

describe('ingestImage: what is not a JPEG, PNG or GIF', () => {
  it('refuses a text file, whatever it is called', async () => {
    // "photo.jpg" as a browser would send it: the name and type are not even passed in.
    await expectInvalidType(Buffer.from('This is not a picture, just a note saved as photo.jpg\n'));
  });

  it('refuses an SVG, which sharp could otherwise render', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await sharp(svg).metadata()).format).toBe('svg');
    await expectInvalidType(svg);
  });

  it('refuses WebP, TIFF and AVIF that sharp can decode', async () => {
    const source = sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } });
    await expectInvalidType(await source.clone().webp().toBuffer());
    await expectInvalidType(await source.clone().tiff().toBuffer());
    await expectInvalidType(await source.clone().avif().toBuffer());
  });

  it('refuses truncated JPEG and PNG files', async () => {
    const jpeg = await plainJpeg();
    await expectInvalidType(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    await expectInvalidType(jpeg.subarray(0, 3)); // the magic number and nothing else
    const png = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 100, sigma: 40 } },
    })
      .png()
      .toBuffer();
    await expectInvalidType(png.subarray(0, Math.floor(png.length / 2)));
  });

  it('refuses bytes whose magic number lies about the rest', async () => {
    const png = await pngWithGps();
    await expectInvalidType(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]));
    await expectInvalidType(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 7)]));
  });
});

describe('ingestImage: pixel limit', () => {
  it(
    'refuses a valid 20 000 × 20 000 PNG of a few hundred KB with a clear message',
    async () => {
      const png = await hugePng();
      expect(png.length).toBeLessThan(1024 * 1024);
      const error = await rejection(ingestImage(png));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe('Image dimensions 20000 × 20000 exceed the limit of 40 megapixels');
    },
    HEAVY,
  );

  it('refuses it from the header alone, before decoding any pixel', async () => {
    // Its pixel data is garbage: decoding would have given the invalid-image error instead.
    const error = await rejection(ingestImage(hugePngHeaderOnly()));
    expect(error.message).toContain('exceed the limit');
  });

  it('refuses an image with a side under 32 pixels, which no analyzer can judge, naming its size', async () => {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const error = await rejection(ingestImage(tiny));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Image dimensions 8 × 8 are below the minimum of 32 × 32 pixels');
    // One short side is enough: a strip 31 pixels high is refused, a 32 × 32 image accepted.
    expect((await rejection(ingestImage(await plainJpeg(400, 31)))).message).toBe(
      'Image dimensions 400 × 31 are below the minimum of 32 × 32 pixels',
    );
    expect(await ingestImage(await plainJpeg(32, 32))).toMatchObject({ width: 32, height: 32 });
  });

  it('applies a lower limit when asked', async () => {
    const error = await rejection(ingestImage(await plainJpeg(200, 150), { maxPixels: 20_000 }));
    expect(error.message).toBe('Image dimensions 200 × 150 exceed the limit of 20000 pixels');
  });
});
