// Shapes from masks: outlines, simplification, hulls, oriented rectangles, and the plain-words locations the
// contract asks for ("north-east of the main building", "upper left of the image").
import { scanlineCrossings } from '../polygon';
import type { Mask } from './raster';

export type Pt = [number, number];

/**
 * Outer boundary of the blob containing `start` (Moore-neighbour tracing on pixel centres). `mask` is
 * read as "inside" where non-zero. Bounded: at most 4·pixels steps.
 */
export function traceContour(mask: Mask, w: number, h: number, start: number): Pt[] {
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] !== 0;
  // Move to the top-most, then left-most pixel of this blob's row scan so the trace starts on the boundary.
  let sx = start % w;
  const sy = (start - sx) / w;
  while (inside(sx - 1, sy)) sx--;
  const dirs: Pt[] = [
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ];
  const out: Pt[] = [[sx, sy]];
  let x = sx;
  let y = sy;
  let dir = 6; // we came from the left, so start searching from "up"
  const maxSteps = 4 * w * h + 8;
  for (let step = 0; step < maxSteps; step++) {
    let found = false;
    for (let k = 0; k < 8; k++) {
      const d = (dir + 6 + k) % 8; // start 90° counter-clockwise from the last direction
      const nx = x + dirs[d][0];
      const ny = y + dirs[d][1];
      if (inside(nx, ny)) {
        x = nx;
        y = ny;
        dir = d;
        found = true;
        break;
      }
    }
    if (!found) break; // single pixel
    if (x === sx && y === sy) break;
    out.push([x, y]);
  }
  return out;
}

/** Ramer–Douglas–Peucker simplification of a closed ring. */
export function simplify(ring: Pt[], tolerance: number): Pt[] {
  if (ring.length <= 4) return ring.slice();
  // Split the ring at the point farthest from the first so RDP works on two open chains.
  let far = 0;
  let best = -1;
  for (let i = 1; i < ring.length; i++) {
    const d = (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2;
    if (d > best) {
      best = d;
      far = i;
    }
  }
  const a = rdp(ring.slice(0, far + 1), tolerance);
  const b = rdp([...ring.slice(far), ring[0]], tolerance);
  return [...a.slice(0, -1), ...b.slice(0, -1)];
}

/** Ramer–Douglas–Peucker on an open polyline (both ends kept). */
export function simplifyLine(points: Pt[], tol: number): Pt[] {
  return points.length <= 2 ? points.slice() : rdp(points, tol);
}

function rdp(points: Pt[], tol: number): Pt[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [s, e] = stack.pop()!;
    const [x1, y1] = points[s];
    const [x2, y2] = points[e];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    let idx = -1;
    let dmax = tol;
    for (let i = s + 1; i < e; i++) {
      const d = Math.abs((y2 - y1) * points[i][0] - (x2 - x1) * points[i][1] + x2 * y1 - y2 * x1) / len;
      if (d > dmax) {
        dmax = d;
        idx = i;
      }
    }
    if (idx >= 0) {
      keep[idx] = 1;
      stack.push([s, idx], [idx, e]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

export function polygonArea(poly: Pt[]): number {
  let a = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) a += (poly[j][0] + poly[i][0]) * (poly[j][1] - poly[i][1]);
  return Math.abs(a) / 2;
}

export function convexHull(points: Pt[]): Pt[] {
  const pts = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

export interface OrientedRect {
  corners: Pt[];
  width: number; // the longer side
  height: number; // the shorter side
  angle: number; // radians, direction of the longer side
  area: number;
}

/** Minimum-area enclosing rectangle of a convex hull (rotating the hull edges). */
export function minAreaRect(hull: Pt[]): OrientedRect {
  if (hull.length < 3) {
    const [a, b] = [hull[0] ?? [0, 0], hull[1] ?? hull[0] ?? [0, 0]];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return { corners: [a, b, b, a], width: len, height: 0, angle: Math.atan2(b[1] - a[1], b[0] - a[0]), area: 0 };
  }
  let best: OrientedRect | null = null;
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i];
    const q = hull[(i + 1) % hull.length];
    const ang = Math.atan2(q[1] - p[1], q[0] - p[0]);
    const c = Math.cos(ang);
    const s = Math.sin(ang);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const [x, y] of hull) {
      const u = x * c + y * s;
      const v = -x * s + y * c;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area) {
      const toXY = (u: number, v: number): Pt => [u * c - v * s, u * s + v * c];
      const du = maxU - minU;
      const dv = maxV - minV;
      best = {
        corners: [toXY(minU, minV), toXY(maxU, minV), toXY(maxU, maxV), toXY(minU, maxV)],
        width: Math.max(du, dv),
        height: Math.min(du, dv),
        angle: du >= dv ? ang : ang + Math.PI / 2,
        area,
      };
    }
  }
  return best!;
}

/** Boundary pixels of a mask (set pixels with an unset 4-neighbour), for hulls without scanning interiors. */
export function boundaryPoints(mask: Mask, w: number, h: number, x0 = 0, y0 = 0, x1 = w - 1, y1 = h - 1): Pt[] {
  const pts: Pt[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w]) {
        pts.push([x, y]);
      }
    }
  }
  return pts;
}

/** Polygon for one labelled blob: traced outline, simplified; falls back to its hull if tracing degenerates. */
export function blobPolygon(mask: Mask, w: number, h: number, start: number, tolerance: number): Pt[] {
  const ring = traceContour(mask, w, h, start);
  const simple = simplify(ring, tolerance);
  if (simple.length >= 3) return simple;
  const x = start % w;
  const y = (start - x) / w;
  return [
    [x - 0.5, y - 0.5],
    [x + 0.5, y - 0.5],
    [x + 0.5, y + 0.5],
    [x - 0.5, y + 0.5],
  ];
}

const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];

/**
 * Where `p` lies relative to `ref`, in words. North-up images use compass words relative to the main
 * building; otherwise image words ("upper left of the image"), since an uploaded photo has no known north.
 */
export function describeLocation(p: Pt, ref: Pt | null, size: { w: number; h: number }, northUp: boolean): string {
  if (northUp && ref) {
    const dx = p[0] - ref[0];
    const dy = p[1] - ref[1];
    if (Math.hypot(dx, dy) < 0.03 * Math.max(size.w, size.h)) return 'at the main building';
    const octant = (Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) + 8) % 8;
    return `${COMPASS[octant]} of the main building`;
  }
  const col = p[0] < size.w / 3 ? 'left' : p[0] > (2 * size.w) / 3 ? 'right' : 'centre';
  const row = p[1] < size.h / 3 ? 'upper' : p[1] > (2 * size.h) / 3 ? 'lower' : 'middle';
  if (row === 'middle' && col === 'centre') return 'centre of the image';
  if (row === 'middle') return `${col} side of the image`;
  if (col === 'centre') return `${row} centre of the image`;
  return `${row} ${col} of the image`;
}

/** Scales polygon points from the working copy back to the analysed image's pixel grid. */
export function scalePolygon(poly: Pt[], sx: number, sy: number): Pt[] {
  return poly.map(([x, y]) => [Math.round(x * sx * 10) / 10, Math.round(y * sy * 10) / 10]);
}

/**
 * Rasterises a polygon into a mask (even-odd rule on pixel centres, boundary included: outlines traced
 * through pixel centres fill back to the pixels they were traced from).
 */
export function fillPolygon(poly: Pt[], w: number, h: number): Mask {
  const out = new Uint8Array(w * h);
  if (poly.length < 3) return out;
  const eps = 1e-6;
  const ys = poly.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    // Scan just above and just below the pixel centre, so a horizontal edge through it counts as inside.
    for (const cy of [y - eps, y + eps]) {
      const xs = scanlineCrossings(cy, poly);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const a = Math.max(0, Math.ceil(xs[k] - 1e-4));
        const b = Math.min(w - 1, Math.floor(xs[k + 1] + 1e-4));
        for (let x = a; x <= b; x++) out[y * w + x] = 1;
      }
    }
  }
  return out;
}
