import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExifHints } from '../../../server/ingest/exif';
import { estimateGsd } from '../../../server/ingest/gsd';

const jpegWith = (exif: Record<string, Record<string, string>>) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#888888' } })
    .jpeg()
    .withExif(exif)
    .toBuffer();

describe('readExifHints', () => {
  it('reads a capture time without offset as UTC, independent of the server time zone', async () => {
    const hints = await readExifHints(await jpegWith({ IFD2: { DateTimeOriginal: '2023:11:30 23:15:00' } }), 'jpeg');
    expect(hints.capturedAt?.toISOString()).toBe('2023-11-30T23:15:00.000Z');
  });

  it('falls back to the GPS time stamp, which is UTC', async () => {
    const hints = await readExifHints(await jpegWith({ IFD3: { GPSDateStamp: '2022:07:01', GPSTimeStamp: '14/1 30/1 5/1' } }), 'jpeg');
    expect(hints.capturedAt?.toISOString()).toBe('2022-07-01T14:30:05.000Z');
  });

  it('drops a (0, 0) position and an unset clock, which cameras write before they know better', async () => {
    const hints = await readExifHints(
      await jpegWith({
        IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 0/1 0/1' },
      }),
      'jpeg',
    );
    expect(hints).toEqual({});
  });

  it('gives no hints for damaged metadata instead of failing', async () => {
    const jpeg = await jpegWith({ IFD0: { Model: 'X' } });
    const app1 = jpeg.indexOf(Buffer.from('Exif\0\0'));
    const damaged = Buffer.from(jpeg);
    damaged.fill(0xee, app1 + 6, app1 + 40); // overwrite the TIFF header
    expect(await readExifHints(damaged, 'jpeg')).toEqual({});
    expect(await readExifHints(Buffer.from('GIF89a'), 'gif')).toEqual({});
  });
});

describe('estimateGsd', () => {
  it('uses a typical 24 mm-equivalent drone camera when the focal length is not recorded', () => {
    // DJI Mavic 3 class: 5280 × 3956 at 100 m → about 2.7 cm per pixel.
    const hint = estimateGsd({ relativeAltitudeM: 100 }, 5280, 3956);
    expect(hint?.metersPerPixel).toBeCloseTo(0.0273, 3);
    expect(hint?.basis).toContain('typical drone camera');
  });

  it('refuses implausible heights', () => {
    expect(estimateGsd({ relativeAltitudeM: 0.5 }, 4000, 3000)).toBeNull();
    expect(estimateGsd({ altitudeM: 120 }, 4000, 3000)).toBeNull();
  });
});
