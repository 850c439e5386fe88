// The analysed image with its findings drawn, for the property report: an SVG of the findings' outlines
// composited over the image by sharp, scaled down to a size a page needs.
import sharp from 'sharp';
import { FINDING_COLOURS } from '../../common/findings';
import type { Finding } from '../analyzer/contract';

export const REPORT_IMAGE_MAX_WIDTH = 1200;

/** The defensible-space zones to draw: the subject roof and the image's scale. */
export interface OverlayZones {
  roof: readonly (readonly number[])[];
  pxPerM: number;
}

/** Outermost first, as the results screen draws them (client/components/analysis/features.ts). */
const ZONES = [
  { outerM: 30, colour: '#eab308' },
  { outerM: 9, colour: '#f97316' },
  { outerM: 1.5, colour: '#dc2626' },
];

function svgFor(width: number, height: number, findings: readonly Finding[], zones: OverlayZones | null): string {
  const stroke = Math.max(2, Math.round(Math.max(width, height) / 300));
  const shapes = findings.map((f) => {
    const points = f.polygon.map(([x, y]) => `${x},${y}`).join(' ');
    const colour = FINDING_COLOURS[f.feature] ?? FINDING_COLOURS.other;
    return f.feature === 'power_line' || f.polygon.length === 2
      ? `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="${stroke * 1.5}" stroke-linecap="round"/>`
      : `<polygon points="${points}" fill="${colour}" fill-opacity="0.22" stroke="${colour}" stroke-width="${stroke}"/>`;
  });
  // A zone is the roof outline stroked twice its distance wide with round joins: the ground within it. Its edge is
  // drawn as a line (the same shape a line wider, masked to what lies outside the zone), as the results screen does.
  const roof = zones?.roof.map(([x, y]) => `${x},${y}`).join(' ') ?? '';
  const circles = zones
    ? ZONES.map((z, i) => {
        const reach = 2 * z.outerM * zones.pxPerM;
        const shape = `points="${roof}" stroke-linejoin="round"`;
        return (
          `<mask id="zone-${i}" maskUnits="userSpaceOnUse" x="0" y="0" width="${width}" height="${height}">` +
          `<rect width="${width}" height="${height}" fill="white"/><polygon ${shape} fill="black" stroke="black" stroke-width="${reach}"/></mask>` +
          `<polygon ${shape} fill="${z.colour}" fill-opacity="0.12" stroke="${z.colour}" stroke-opacity="0.12" stroke-width="${reach}"/>` +
          `<polygon ${shape} fill="none" stroke="${z.colour}" stroke-opacity="0.9" stroke-width="${reach + 2 * stroke}" mask="url(#zone-${i})"/>`
        );
      })
    : [];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${circles.join('')}${shapes.join('')}</svg>`;
}

/** A JPEG of the image with `findings` (and the defensible-space zones) drawn, at most REPORT_IMAGE_MAX_WIDTH wide. */
export async function imageWithFindings(bytes: Buffer, findings: readonly Finding[], zones: OverlayZones | null = null): Promise<Buffer> {
  const base = sharp(bytes, { limitInputPixels: false });
  const { width = 1, height = 1 } = await base.metadata();
  const drawn = await base
    .composite([{ input: Buffer.from(svgFor(width, height, findings, zones)), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return sharp(drawn)
    .resize({ width: Math.min(width, REPORT_IMAGE_MAX_WIDTH), withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
