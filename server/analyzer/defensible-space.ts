// Defensible space (issue 10, item 5): vegetation cover in the three zones around the subject building that fire
// codes and Nearmap use — 0–1.5 m (the non-combustible zone), 1.5–9 m and 9–30 m — measured from the analyzer's
// own outputs: the subject roof outline and the vegetation (tree crown) outlines. Pure: the same findings and
// ground resolution always give the same figures, whichever analyzer found them.
import { z } from 'zod';
import { scanlineCrossings } from './polygon';
// Types only: contract.ts imports this module's schema.
type Point = [number, number];
type Finding = { feature: string; confidence: number; polygon: Point[] };

export const DEFENSIBLE_SPACE_ZONES = [
  { zone: '0-1.5m', inner_m: 0, outer_m: 1.5 },
  { zone: '1.5-9m', inner_m: 1.5, outer_m: 9 },
  { zone: '9-30m', inner_m: 9, outer_m: 30 },
] as const;

export const NEEDS_RESOLUTION = 'needs the image resolution';
export const NO_BUILDING = 'no building found to measure around';
/** When the image itself could not be judged (dark, blurred, greyscale): no building was looked for. */
export const NOT_ASSESSED = 'the image could not be assessed';

/** Dense vegetation in the inner zones: the thresholds of the scoring factor `defensible_space_dense`. */
export const DENSE_INNER_PCT = 30;
export const DENSE_MIDDLE_PCT = 50;

/**
 * The additional risk the local analyzer reports for dense canopy in a ring of `ringM` metres around the house. It
 * measures the vegetation the defensible-space zones measure, so where `defensible_space_dense` is scored this risk
 * is listed but not scored again (`isDenseCanopyRisk`).
 */
export function denseCanopyRisk(sharePct: number, ringM: number): string {
  return `Dense tree canopy covers about ${sharePct}% of the ground within ${ringM} m of the house (wildfire fuel and storm debris).`;
}

export function isDenseCanopyRisk(risk: string): boolean {
  return /^Dense tree canopy covers about \d+% of the ground within \d+(\.\d+)? m of the house\b/.test(risk);
}

export const defensibleSpaceRingSchema = z.object({
  zone: z.string(),
  inner_m: z.number().min(0),
  outer_m: z.number().positive(),
  /** Ground area of the zone inside the image (m²). */
  area_m2: z.number().min(0),
  vegetation_m2: z.number().min(0),
  /** Vegetation cover of the zone's visible area, 0–100. */
  vegetation_pct: z.number().min(0).max(100),
  /** How much of the zone the image shows, 0–100 (a zone cut off by the frame is measured on what is seen). */
  visible_pct: z.number().min(0).max(100),
});

export const defensibleSpaceSchema = z.object({
  status: z.enum(['measured', 'needs_resolution', 'no_building']),
  /** In words: what was measured, or why not ("needs the image resolution"). */
  note: z.string(),
  rings: z.array(defensibleSpaceRingSchema),
  /** Pixels per metre of the analysed image, so the zones can be drawn (null when not measured). */
  px_per_m: z.number().positive().nullable(),
  /** The subject roof outline the zones surround (pixel coordinates), null when not measured. */
  roof_polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
});

export type DefensibleSpaceRing = z.infer<typeof defensibleSpaceRingSchema>;
export type DefensibleSpace = z.infer<typeof defensibleSpaceSchema>;

/** The subject building: the most confident roof finding (the analyzer outlines the subject roof as `roof`). */
export function subjectRoof(findings: readonly Finding[]): Point[] | null {
  const roofs = findings.filter((f) => f.feature === 'roof' && f.polygon.length >= 3);
  if (roofs.length === 0) return null;
  return roofs.reduce((best, f) => (f.confidence > best.confidence ? f : best)).polygon;
}

/** Inside per the row's `scanlineCrossings`: odd count of crossings strictly right of x. */
function insideRow(x: number, xs: readonly number[]): boolean {
  let right = 0;
  for (let k = xs.length - 1; k >= 0 && x < xs[k]; k--) right++;
  return right % 2 === 1;
}

/** The polygon's edges as flat arrays (start point, direction, squared length) for the distance loop. */
function edgesOf(poly: readonly Point[]) {
  const n = poly.length;
  const ax = new Float64Array(n);
  const ay = new Float64Array(n);
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  const len = new Float64Array(n);
  for (let i = 0, j = n - 1; i < n; j = i++) {
    ax[i] = poly[j][0];
    ay[i] = poly[j][1];
    dx[i] = poly[i][0] - poly[j][0];
    dy[i] = poly[i][1] - poly[j][1];
    len[i] = dx[i] * dx[i] + dy[i] * dy[i];
  }
  return { n, ax, ay, dx, dy, len };
}

/** Distance from (x, y) to the nearest edge. */
function distanceToEdges(x: number, y: number, e: ReturnType<typeof edgesOf>): number {
  let best = Infinity;
  for (let i = 0; i < e.n; i++) {
    const px = x - e.ax[i];
    const py = y - e.ay[i];
    const t = e.len[i] === 0 ? 0 : Math.max(0, Math.min(1, (px * e.dx[i] + py * e.dy[i]) / e.len[i]));
    const qx = px - t * e.dx[i];
    const qy = py - t * e.dy[i];
    const d = qx * qx + qy * qy;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

function boundsOf(poly: readonly Point[]) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of poly) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

export interface DefensibleSpaceInput {
  findings: readonly Finding[];
  gsdMPerPx: number | null;
  width: number;
  height: number;
  /** False when the image itself could not be judged: then the note does not say that no building was found. */
  imageJudged?: boolean;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Samples the ground around the roof on a grid (about 0.25 m a cell, never finer than a pixel): each sample's
 * distance to the roof outline puts it in a zone, and it is vegetation when it lies in a tree crown outline.
 * The zones extend outward from the roof's edge; samples outside the frame are not seen, and the zones'
 * figures are of the part the image shows (`visible_pct` says how much).
 */
export function defensibleSpace(input: DefensibleSpaceInput): DefensibleSpace {
  const roof = subjectRoof(input.findings);
  if (!roof)
    return {
      status: 'no_building',
      note: input.imageJudged === false ? NOT_ASSESSED : NO_BUILDING,
      rings: [],
      px_per_m: null,
      roof_polygon: null,
    };
  if (!input.gsdMPerPx) return { status: 'needs_resolution', note: NEEDS_RESOLUTION, rings: [], px_per_m: null, roof_polygon: roof };
  const gsd = input.gsdMPerPx;
  const pxPerM = 1 / gsd;
  const outerPx = 30 * pxPerM;
  const step = Math.max(1, 0.25 * pxPerM);
  const crowns = input.findings
    .filter((f) => f.feature === 'tree' && f.polygon.length >= 3)
    .map((f) => ({ poly: f.polygon, box: boundsOf(f.polygon) }));
  const box = boundsOf(roof);
  const edges = edgesOf(roof);
  const outerM = DEFENSIBLE_SPACE_ZONES[DEFENSIBLE_SPACE_ZONES.length - 1].outer_m;
  const seen = DEFENSIBLE_SPACE_ZONES.map(() => 0);
  const total = DEFENSIBLE_SPACE_ZONES.map(() => 0);
  const green = DEFENSIBLE_SPACE_ZONES.map(() => 0);
  // Row by row: the roof's and the crowns' edge crossings are found once per row, not once per sample.
  for (let y = box.y0 - outerPx + step / 2; y < box.y1 + outerPx; y += step) {
    const roofRow = scanlineCrossings(y, roof);
    const rowVisible = y >= 0 && y < input.height;
    const crownRows = rowVisible
      ? crowns.filter((c) => y >= c.box.y0 && y <= c.box.y1).map((c) => ({ box: c.box, xs: scanlineCrossings(y, c.poly) }))
      : [];
    const boxDy = Math.max(0, box.y0 - y, y - box.y1);
    for (let x = box.x0 - outerPx + step / 2; x < box.x1 + outerPx; x += step) {
      // Beyond the outer zone from the roof's bounding box means beyond it from the roof.
      if (Math.hypot(Math.max(0, box.x0 - x, x - box.x1), boxDy) * gsd >= outerM) continue;
      if (insideRow(x, roofRow)) continue;
      const metres = distanceToEdges(x, y, edges) * gsd;
      const zone = DEFENSIBLE_SPACE_ZONES.findIndex((z) => metres >= z.inner_m && metres < z.outer_m);
      if (zone < 0) continue;
      total[zone] += 1;
      if (!rowVisible || x < 0 || x >= input.width) continue;
      seen[zone] += 1;
      if (crownRows.some((c) => x >= c.box.x0 && x <= c.box.x1 && insideRow(x, c.xs))) green[zone] += 1;
    }
  }
  const cellM2 = (step * gsd) ** 2;
  const rings = DEFENSIBLE_SPACE_ZONES.map((z, i) => ({
    zone: z.zone,
    inner_m: z.inner_m,
    outer_m: z.outer_m,
    area_m2: round(seen[i] * cellM2),
    vegetation_m2: round(green[i] * cellM2),
    vegetation_pct: seen[i] === 0 ? 0 : round((100 * green[i]) / seen[i]),
    visible_pct: total[i] === 0 ? 0 : round((100 * seen[i]) / total[i]),
  }));
  const cut = rings.some((r) => r.visible_pct < 99);
  return {
    status: 'measured',
    note: `Tree canopy around the subject building${cut ? '; a zone the frame cuts off is measured on the part the image shows' : ''}.`,
    rings,
    px_per_m: pxPerM,
    roof_polygon: roof,
  };
}

/** True when the inner zones are densely vegetated (the scoring factor `defensible_space_dense`). */
export function denseInnerVegetation(space: DefensibleSpace | null | undefined): boolean {
  if (!space || space.status !== 'measured') return false;
  const [inner, middle] = space.rings;
  return (
    (inner?.area_m2 > 0 && inner.vegetation_pct >= DENSE_INNER_PCT) || (middle?.area_m2 > 0 && middle.vegetation_pct >= DENSE_MIDDLE_PCT)
  );
}
