import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageDecodeError } from '../../../server/analyzer/contract';
import { decodeImage, MAX_INPUT_PIXELS, WORK_LONG_SIDE } from '../../../server/analyzer/local/decode';

async function decodeError(buf: Buffer): Promise<ImageDecodeError> {
  try {
    await decodeImage(buf);
  } catch (e) {
    expect(e).toBeInstanceOf(ImageDecodeError);
    return e as ImageDecodeError;
  }
  throw new Error('expected the image to be refused');
}

/** A real, valid PNG of the given size: 1-bit greyscale, all black, so it is tiny to store but huge to decode. */
function hugePng(width: number, height: number): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(row * height); // filter byte 0 + zero bits on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decodeImage refuses bad inputs with typed errors', () => {
  it('empty input', async () => {
    const e = await decodeError(Buffer.alloc(0));
    expect(e.code).toBe('IMAGE_EMPTY');
    expect(e.message).toMatch(/empty/);
  });

  it('bytes that are not an image', async () => {
    const e = await decodeError(Buffer.from('this is a text file, not a picture'));
    expect(e.code).toBe('IMAGE_UNREADABLE');
  });

  it('a 1×1 image', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const e = await decodeError(png);
    expect(e.code).toBe('IMAGE_TOO_SMALL');
    expect(e.message).toContain('1×1');
  });

  it('a 20000×20000 PNG (400 MP) is refused from its header', async () => {
    const png = hugePng(20000, 20000);
    expect(png.length).toBeLessThan(1_000_000);
    const e = await decodeError(png);
    expect(e.code).toBe('IMAGE_TOO_LARGE');
    expect(e.message).toContain('20000×20000');
    expect(20000 * 20000).toBeGreaterThan(MAX_INPUT_PIXELS);
  });

  it('an animated GIF', async () => {
    const frames = 3;
    const raw = Buffer.alloc(64 * 64 * 3 * frames);
    for (let i = 0; i < raw.length; i += 3) raw[i] = (i / 3) % 255;
    const gif = await sharp(raw, { raw: { width: 64, height: 64 * frames, channels: 3, pageHeight: 64 } })
      .gif()
      .toBuffer();
    const e = await decodeError(gif);
    expect(e.code).toBe('IMAGE_ANIMATED');
    expect(e.message).toContain('3 frames');
  });

  it('a truncated JPEG', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#808080' } })
      .composite([{ input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="60" fill="red"/></svg>') }])
      .jpeg()
      .toBuffer();
    const e = await decodeError(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(e.code).toBe('IMAGE_UNREADABLE');
  });
});

describe('decodeImage reads what it accepts', () => {
  it('applies EXIF orientation (polygons live in the image as a person sees it)', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#4080c0' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const d = await decodeImage(jpeg);
    expect([d.width, d.height]).toEqual([60, 120]);
    expect([d.work.w, d.work.h]).toEqual([60, 120]);
  });

  it('reads a single-frame GIF and greyscale PNG as RGB', async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    const g = await decodeImage(gif);
    expect(g.format).toBe('gif');
    expect(g.work.r[0]).toBeGreaterThan(0.9);
    const grey = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#808080' } })
      .greyscale()
      .png()
      .toBuffer();
    const d = await decodeImage(grey);
    expect(d.work.r[0]).toBeCloseTo(d.work.b[0], 5);
  });

  it('downscales large photos to a bounded working copy and keeps the mapping back', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#305020' } })
      .jpeg()
      .toBuffer();
    const d = await decodeImage(big);
    expect([d.width, d.height]).toEqual([4000, 3000]);
    expect(Math.max(d.work.w, d.work.h)).toBe(WORK_LONG_SIDE);
    expect(d.scaleX * d.work.w).toBeCloseTo(4000, 0);
    expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
