// The analysed image with its findings drawn, for the property report: an SVG of the findings' outlines
// composited over the image by sharp, scaled down to a size a page needs.
import sharp from 'sharp';
import type { Finding } from '../analyzer/contract.js';

/** Outline colours per feature, as the results screen draws them (client/components/analysis/features.ts). */
const COLOURS: Record<Finding['feature'], string> = {
  pool: '#0ea5e9',
  spa: '#06b6d4',
  tree: '#22c55e',
  roof: '#f97316',
  solar: '#a855f7',
  power_line: '#facc15',
  damage: '#ef4444',
  other: '#94a3b8',
};

export const REPORT_IMAGE_MAX_WIDTH = 1200;

export interface OverlayRing {
  /** Centre and radii in image pixels (rings of the defensible-space zones). */
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  colour: string;
}

function svgFor(width: number, height: number, findings: readonly Finding[], rings: readonly OverlayRing[]): string {
  const stroke = Math.max(2, Math.round(Math.max(width, height) / 300));
  const shapes = findings.map((f) => {
    const points = f.polygon.map(([x, y]) => `${x},${y}`).join(' ');
    const colour = COLOURS[f.feature] ?? COLOURS.other;
    return f.feature === 'power_line' || f.polygon.length === 2
      ? `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="${stroke * 1.5}" stroke-linecap="round"/>`
      : `<polygon points="${points}" fill="${colour}" fill-opacity="0.22" stroke="${colour}" stroke-width="${stroke}"/>`;
  });
  const circles = rings.map(
    (r) => `<ellipse cx="${r.cx}" cy="${r.cy}" rx="${r.rx}" ry="${r.ry}" fill="none" stroke="${r.colour}" stroke-width="${stroke}" stroke-dasharray="${stroke * 4} ${stroke * 3}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${circles.join('')}${shapes.join('')}</svg>`;
}

/** A JPEG of the image with `findings` (and optional rings) drawn, at most REPORT_IMAGE_MAX_WIDTH wide. */
export async function imageWithFindings(bytes: Buffer, findings: readonly Finding[], rings: readonly OverlayRing[] = []): Promise<Buffer> {
  const base = sharp(bytes, { limitInputPixels: false });
  const { width = 1, height = 1 } = await base.metadata();
  const drawn = await base
    .composite([{ input: Buffer.from(svgFor(width, height, findings, rings)), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return sharp(drawn)
    .resize({ width: Math.min(width, REPORT_IMAGE_MAX_WIDTH), withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
