import exifr from 'exifr';
import type { ImageFormat } from './sniff';

/** What the camera recorded that the analysis can use: where, when, and how high. All optional. */
export interface ExifHints {
  latitude?: number;
  longitude?: number;
  capturedAt?: Date;
  /** GPS altitude above sea level (not above the ground: useless for scale on its own). */
  altitudeM?: number;
  /** Height above the take-off point, from drone XMP (DJI `drone-dji:RelativeAltitude` and alike). */
  relativeAltitudeM?: number;
  focalLengthMm?: number;
  focalLength35mmMm?: number;
  /** Camera pitch in degrees, -90 = looking straight down (drone XMP). */
  gimbalPitchDeg?: number;
  model?: string;
}

// Read before sharp touches the image, since the re-encode strips all of it. Only the blocks we use
// are parsed; thumbnails, maker notes and ICC are skipped.
const EXIFR_OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  xmp: true,
  ifd1: false,
  interop: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
  mergeOutput: false,
  // Raw values: dates are parsed here with their offset instead of in the server's time zone.
  reviveValues: false,
  translateValues: false,
} as const;

type Block = Record<string, unknown>;

/**
 * EXIF/XMP hints of a JPEG or PNG (GIF carries none). Metadata is a hint, not a gate: a damaged or
 * absent block yields no hints, never a rejected upload.
 */
export async function readExifHints(bytes: Buffer, format: ImageFormat): Promise<ExifHints> {
  if (format === 'gif') return {};
  let parsed: Record<string, Block> | undefined;
  try {
    parsed = (await exifr.parse(bytes, EXIFR_OPTIONS)) as Record<string, Block> | undefined;
  } catch {
    return {};
  }
  if (!parsed) return {};
  const ifd0 = parsed.ifd0 ?? {};
  const exif = parsed.exif ?? {};
  const gps = parsed.gps ?? {};
  const hints: ExifHints = {};

  const latitude = num(gps.latitude);
  const longitude = num(gps.longitude);
  // (0, 0) is what many cameras write before they have a fix.
  if (
    latitude !== undefined &&
    longitude !== undefined &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    !(latitude === 0 && longitude === 0)
  ) {
    hints.latitude = latitude;
    hints.longitude = longitude;
  }

  const capturedAt =
    exifDate(exif.DateTimeOriginal, exif.OffsetTimeOriginal) ??
    gpsDate(gps.GPSDateStamp, gps.GPSTimeStamp) ??
    exifDate(exif.CreateDate, exif.OffsetTimeDigitized);
  if (capturedAt) hints.capturedAt = capturedAt;

  const altitude = num(gps.GPSAltitude);
  if (altitude !== undefined) hints.altitudeM = firstByte(gps.GPSAltitudeRef) === 1 ? -altitude : altitude;

  const focal = num(exif.FocalLength);
  if (focal !== undefined && focal > 0) hints.focalLengthMm = focal;
  const focal35 = num(exif.FocalLengthIn35mmFormat);
  if (focal35 !== undefined && focal35 > 0) hints.focalLength35mmMm = focal35;

  const xmp = Object.entries(parsed)
    .filter(([name]) => !['ifd0', 'exif', 'gps'].includes(name))
    .map(([, block]) => block);
  const relative = firstNumber(xmp, ['RelativeAltitude', 'AboveGroundAltitude']);
  if (relative !== undefined) hints.relativeAltitudeM = relative;
  const pitch = firstNumber(xmp, ['GimbalPitchDegree', 'CameraPitch']);
  if (pitch !== undefined) hints.gimbalPitchDeg = pitch;

  const model = cameraModel(str(ifd0.Make), str(ifd0.Model));
  if (model) hints.model = model;
  return hints;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function str(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.replace(/\0/g, '').trim();
  return trimmed === '' ? undefined : trimmed;
}

function firstByte(value: unknown): number | undefined {
  if (value instanceof Uint8Array) return value[0];
  return num(value);
}

function firstNumber(blocks: Block[], names: string[]): number | undefined {
  for (const block of blocks) {
    if (!block || typeof block !== 'object') continue;
    for (const name of names) {
      const value = num(block[name]);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

function cameraModel(make: string | undefined, model: string | undefined): string | undefined {
  if (!model) return make;
  if (!make || model.toLowerCase().startsWith(make.toLowerCase())) return model;
  return `${make} ${model}`;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * EXIF stores wall-clock time; with an OffsetTime tag it is exact, without one it is read as UTC (the
 * server's own zone would be no better a guess, and this keeps the result independent of it).
 */
function exifDate(value: unknown, offset: unknown): Date | undefined {
  const match = typeof value === 'string' ? EXIF_DATE.exec(value) : null;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const zone = typeof offset === 'string' && OFFSET.test(offset.trim()) ? offset.trim() : 'Z';
  return validDate(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`);
}

/** GPS date and time are UTC by definition. */
function gpsDate(dateStamp: unknown, timeStamp: unknown): Date | undefined {
  if (typeof dateStamp !== 'string' || !Array.isArray(timeStamp) || timeStamp.length < 3) return undefined;
  const date = /^(\d{4}):(\d{2}):(\d{2})$/.exec(dateStamp.trim());
  const [h, m, s] = timeStamp.map(num);
  if (!date || h === undefined || m === undefined || s === undefined) return undefined;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return validDate(`${date[1]}-${date[2]}-${date[3]}T${pad(h)}:${pad(m)}:${pad(s)}Z`);
}

function validDate(iso: string): Date | undefined {
  const date = new Date(iso);
  // Cameras without a clock write 0000:00:00 or 1970; neither is a capture time.
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1990) return undefined;
  return date;
}
