import type { ExifHints } from './exif';

export interface GsdHint {
  metersPerPixel: number;
  /** Always an estimate: the terrain under the drone and the lens distortion are unknown. */
  source: 'estimated';
  basis: string;
}

// Diagonal of a 36 × 24 mm frame: a 35 mm-equivalent focal length is defined against it.
const FULL_FRAME_DIAGONAL_MM = Math.hypot(36, 24);
// The wide camera of most consumer and survey drones (DJI Mini/Air/Mavic/Phantom) is ~24 mm equivalent.
const TYPICAL_DRONE_FOCAL_35MM = 24;
// Past this tilt from straight down the scale varies across the frame too much for one number.
const MAX_OFF_NADIR_DEG = 15;

/**
 * Ground sample distance of a nadir drone photo: height × sensor size / (focal length × pixels), with
 * the sensor expressed through the 35 mm-equivalent focal length so no sensor table is needed.
 *
 * Needs the height above ground, which only drone XMP gives (height above the take-off point, taken as
 * flat terrain). GPS altitude is above sea level and says nothing about the height over the roof, so
 * without a relative altitude the answer is null rather than a guess off by the ground's elevation.
 */
export function estimateGsd(exif: ExifHints, widthPx: number, heightPx: number): GsdHint | null {
  const height = exif.relativeAltitudeM;
  if (height === undefined || height < 2 || height > 1500) return null;
  if (exif.gimbalPitchDeg !== undefined && Math.abs(exif.gimbalPitchDeg + 90) > MAX_OFF_NADIR_DEG) return null;
  const longPx = Math.max(widthPx, heightPx);
  const shortPx = Math.min(widthPx, heightPx);
  if (longPx <= 0) return null;
  // The long side of a full-frame-equivalent sensor with this image's aspect ratio.
  const sensorLongMm = (FULL_FRAME_DIAGONAL_MM * longPx) / Math.hypot(longPx, shortPx);
  const known = exif.focalLength35mmMm !== undefined;
  const focal35 = exif.focalLength35mmMm ?? TYPICAL_DRONE_FOCAL_35MM;
  const metersPerPixel = (height * sensorLongMm) / (focal35 * longPx);
  return {
    metersPerPixel: Number(metersPerPixel.toPrecision(4)),
    source: 'estimated',
    basis: known
      ? `height above take-off ${height} m and the recorded 35 mm-equivalent focal length ${focal35} mm, flat terrain assumed`
      : `height above take-off ${height} m and a typical drone camera (24 mm equivalent), flat terrain assumed`,
  };
}
