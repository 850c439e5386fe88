// Overhead wires: thin, long, nearly straight ridges. A multi-scale Hessian ridge filter marks thin
// dark-or-bright lines (and rejects step edges such as roof and kerb outlines by requiring both sides of
// the line to match); an orientation-restricted Hough transform finds long straight alignments of those
// ridges; each candidate is then tracked pixel by pixel so that a sagging wire is followed, and kept only
// when the ridge is continuous over a long stretch.
import { simplifyLine, type Pt } from './geometry';
import { blur, type Plane } from './raster';

/** The wire finder needs only luminance at full working resolution. */
export interface Luma {
  w: number;
  h: number;
  L: Plane;
}

export function luminance(img: { w: number; h: number; r: Plane; g: Plane; b: Plane }): Luma {
  const L = new Float32Array(img.w * img.h);
  for (let i = 0; i < L.length; i++) L[i] = 0.299 * img.r[i] + 0.587 * img.g[i] + 0.114 * img.b[i];
  return { w: img.w, h: img.h, L };
}

export const WIRES = {
  scales: [1.0, 1.8, 3.0],
  /** Minimum normalised ridge strength for a pixel to vote. */
  minRidge: 0.018,
  /** Share of the strongest ridge responses allowed to vote (keeps the Hough transform sparse). */
  votingQuantile: 0.94,
  /** Line-ness over edge-ness: a wire's two sides look alike; a roof edge's do not. */
  symmetry: 1.2,
  /** A kept wire spans at least this share of the image's shorter side… */
  minSpanShare: 0.45,
  /** …with ridge support on at least this share of its tracked length… */
  minSupport: 0.6,
  /**
   * …and running most of the way across the frame: a span between poles is longer than any view of a
   * property, while roof ridges, hip lines, kerbs and fences end inside it.
   */
  minChordShare: 0.7,
  maxLines: 12,
  maxGapShare: 0.08,
  /**
   * Above this ground resolution a wire (1–3 cm thick) is not resolved at all: we say "none seen" rather
   * than mistake kerbs and fences for wires.
   */
  maxGsdM: 0.3,
  /** With a known ground resolution (≥ 5 cm), a wire seen from above is one or two pixels wide at most. */
  aerialScales: [1.0],
  /**
   * With a known ground resolution, a kept wire is at least this long on the ground: a span between poles is
   * 30–60 m and runs across a property tile (zoom 20 ≈ 70–90 m wide), while roof edges, parapets and fences
   * that pass the symmetry test end within a building or a lot. A view narrower than this shows no wire.
   */
  minLengthM: 40,
  /**
   * With a resolution estimated from building sizes (a typical house is 120-300 m², so the scale is rough), the
   * length floor still holds at this many times the estimated metres per pixel: a line that cannot be 40 m long
   * even if the estimate is this far too fine is a roof edge or a kerb, not a span (whole-property set, 013h).
   */
  estimateSlack: 1.5,
  /** Below this many pixels on the shorter side a straight line "across the frame" proves nothing. */
  minSidePx: 96,
};

export interface Wire {
  /** Centre line, simplified (≥ 2 points), working pixels. */
  line: Pt[];
  /** Estimated wire width in working pixels. */
  widthPx: number;
  /** Band polygon around the wire (what is drawn and scored). */
  band: Pt[];
  lengthPx: number;
  support: number;
  confidence: number;
}

interface Ridge {
  R: Plane; // strength
  dir: Plane; // line direction (radians)
  width: Plane; // estimated width in px
}

function ridgeFilter(scene: Luma, scales: number[]): Ridge {
  const { w, h, L } = scene;
  const n = w * h;
  const R = new Float32Array(n);
  const dir = new Float32Array(n);
  const width = new Float32Array(n);
  const floor = 0.5 * WIRES.minRidge;
  for (const s of scales) {
    const norm = s ** 1.5;
    const G = blur(L, w, h, s);
    const d = Math.max(1, Math.round(1.7 * s));
    for (let y = d; y < h - d; y++) {
      for (let x = d; x < w - d; x++) {
        const i = y * w + x;
        const c = G[i];
        const xx = G[i + 1] - 2 * c + G[i - 1];
        const yy = G[i + w] - 2 * c + G[i - w];
        const xy = (G[i + w + 1] - G[i + w - 1] - G[i - w + 1] + G[i - w - 1]) / 4;
        // |largest eigenvalue| ≤ |xx| + |yy| + |xy|: most pixels fail this bound and skip the square root.
        if (norm * (Math.abs(xx) + Math.abs(yy) + Math.abs(xy)) < floor) continue;
        const half = (xx + yy) / 2;
        const disc = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
        const l1 = half + disc;
        const l2 = half - disc;
        const big = Math.abs(l1) > Math.abs(l2) ? l1 : l2;
        const small = Math.abs(l1) > Math.abs(l2) ? l2 : l1;
        // Scale-normalised (σ^1.5, Lindeberg's γ = 3/4 for ridges, which picks the scale matching the line's
        // width) anisotropic response: strong curvature across the line, little along it.
        const resp = norm * (Math.abs(big) - Math.abs(small));
        // Most pixels are not on any line: skip the direction and symmetry work for them.
        if (resp < floor || resp <= R[i]) continue;
        // Normal direction (eigenvector of `big`); the line runs perpendicular to it.
        const nx = xy;
        const ny = big - xx;
        let theta: number;
        if (Math.abs(nx) + Math.abs(ny) < 1e-9) theta = Math.abs(xx) > Math.abs(yy) ? 0 : Math.PI / 2;
        else theta = Math.atan2(ny, nx);
        const ux = Math.cos(theta);
        const uy = Math.sin(theta);
        // Symmetry test across the line at ±d: a wire's two sides match, an edge's sides differ.
        const ax = Math.round(x + ux * d);
        const ay = Math.round(y + uy * d);
        const bx = Math.round(x - ux * d);
        const by = Math.round(y - uy * d);
        const sa = G[ay * w + ax];
        const sb = G[by * w + bx];
        const lineness = Math.abs(c - (sa + sb) / 2);
        const edgeness = Math.abs(sa - sb);
        if (lineness < WIRES.symmetry * edgeness) continue;
        R[i] = resp;
        dir[i] = theta + Math.PI / 2;
        width[i] = 2 * Math.sqrt(3) * s * 0.85;
      }
    }
  }
  return { R, dir, width };
}

/**
 * `mPerPx`: the known ground resolution of `scene` (null when unknown or only estimated); `estimatedMPerPx`: a
 * rough estimate (from building sizes), used only for the length floor, with `WIRES.estimateSlack`.
 */
export function detectWires(
  scene: Luma,
  mPerPx: number | null,
  modelProb?: Plane | null,
  estimatedMPerPx: number | null = null,
): { wires: Wire[]; ridge: Plane | null } {
  const { w, h } = scene;
  if (mPerPx !== null && mPerPx > WIRES.maxGsdM) return { wires: [], ridge: null };
  if (Math.min(w, h) < WIRES.minSidePx) return { wires: [], ridge: null };
  // Close-range photos (unknown scale) show wires many pixels wide; map and aerial images do not.
  const scales = mPerPx !== null && mPerPx >= 0.05 ? WIRES.aerialScales : WIRES.scales;
  const { R, dir, width } = ridgeFilter(scene, scales);
  if (modelProb) {
    // A learned wire map, when present, gates the ridge map: keep ridges the model also calls wire.
    for (let i = 0; i < R.length; i++) R[i] *= 0.25 + 1.5 * modelProb[i];
  }
  // Voting threshold: an absolute floor plus a quantile so busy images do not flood the accumulator.
  const sample: number[] = [];
  for (let i = 0; i < R.length; i += 7) if (R[i] > 0) sample.push(R[i]);
  sample.sort((a, b) => a - b);
  const q = sample.length ? sample[Math.floor(WIRES.votingQuantile * (sample.length - 1))] : 0;
  const thr = Math.max(WIRES.minRidge, q);

  const nTheta = 180;
  const diag = Math.ceil(Math.hypot(w, h));
  const nRho = 2 * diag + 1;
  const acc = new Float32Array(nTheta * nRho);
  const cosT = new Float32Array(nTheta);
  const sinT = new Float32Array(nTheta);
  for (let t = 0; t < nTheta; t++) {
    cosT[t] = Math.cos((t * Math.PI) / nTheta);
    sinT[t] = Math.sin((t * Math.PI) / nTheta);
  }
  const voters: number[] = [];
  const vote = (i: number, sign: number) => {
    const x = i % w;
    const y = (i - x) / w;
    // Normal angle of the line through this pixel, in Hough θ bins; vote within ±3°.
    const th = (((dir[i] + Math.PI / 2) % Math.PI) + Math.PI) % Math.PI;
    const tc = Math.round((th * nTheta) / Math.PI);
    for (let dt = -3; dt <= 3; dt++) {
      const t = (((tc + dt) % nTheta) + nTheta) % nTheta;
      const rho = Math.round(x * cosT[t] + y * sinT[t]) + diag;
      acc[t * nRho + rho] += sign * Math.min(R[i], 4 * thr);
    }
  };
  for (let i = 0; i < R.length; i++) {
    if (R[i] >= thr) {
      voters.push(i);
      vote(i, 1);
    }
  }
  const minSpan = WIRES.minSpanShare * Math.min(w, h);
  const lengthScale = mPerPx ?? (estimatedMPerPx !== null ? estimatedMPerPx * WIRES.estimateSlack : null);
  const minLength = lengthScale !== null ? Math.max(minSpan, WIRES.minLengthM / lengthScale) : minSpan;
  const wires: Wire[] = [];
  let misses = 0;
  // Bounded: each round removes a peak's votes; stop after a run of rejected candidates.
  for (let iter = 0; iter < 40 && wires.length < WIRES.maxLines && misses < 8; iter++) {
    let best = -1;
    let bestV = 0;
    for (let k = 0; k < acc.length; k++) {
      if (acc[k] > bestV) {
        bestV = acc[k];
        best = k;
      }
    }
    // Each vote is at most 4·thr; a real wire gathers votes along a large share of its length.
    if (best < 0 || bestV < 0.25 * minSpan * thr) break;
    const t = Math.floor(best / nRho);
    const rho = (best % nRho) - diag;
    const wire = track(scene, R, width, thr, t, rho, cosT, sinT);
    // Remove the votes of pixels near this line whether it was kept or not, so the next peak is new.
    const nxv = cosT[t];
    const nyv = sinT[t];
    for (const i of voters) {
      const x = i % w;
      const y = (i - x) / w;
      if (Math.abs(x * nxv + y * nyv - rho) <= 3 && R[i] > 0) {
        vote(i, -1);
        R[i] = -R[i]; // mark as consumed (negative so it never votes again)
      }
    }
    for (let dt = -2; dt <= 2; dt++) {
      const tt = (((t + dt) % nTheta) + nTheta) % nTheta;
      for (let dr = -3; dr <= 3; dr++) {
        const rr = rho + diag + dr;
        if (rr >= 0 && rr < nRho) acc[tt * nRho + rr] = 0;
      }
    }
    if (wire && wire.lengthPx >= minLength && wire.support >= WIRES.minSupport) {
      wires.push(wire);
      misses = 0;
    } else misses++;
  }
  for (let i = 0; i < R.length; i++) if (R[i] < 0) R[i] = -R[i];
  return { wires, ridge: R };
}

/** Follows the ridge along a Hough line in both directions, allowing a slow sideways drift (sag). */
function track(
  scene: Luma,
  R: Plane,
  width: Plane,
  thr: number,
  t: number,
  rho: number,
  cosT: Float32Array,
  sinT: Float32Array,
): Wire | null {
  const { w, h } = scene;
  const nx = cosT[t];
  const ny = sinT[t];
  const dx = -ny; // along the line
  const dy = nx;
  // Parametrise the line by s; find the s range inside the image.
  const px0 = nx * rho;
  const py0 = ny * rho;
  let sMin = -Infinity;
  let sMax = Infinity;
  for (const [p, d, lim] of [
    [px0, dx, w - 1],
    [py0, dy, h - 1],
  ] as const) {
    if (Math.abs(d) < 1e-9) {
      if (p < 0 || p > lim) return null;
    } else {
      const a = (0 - p) / d;
      const b = (lim - p) / d;
      sMin = Math.max(sMin, Math.min(a, b));
      sMax = Math.min(sMax, Math.max(a, b));
    }
  }
  if (!(sMax > sMin)) return null;
  const at = (s: number, o: number): number => {
    const x = Math.round(px0 + dx * s + nx * o);
    const y = Math.round(py0 + dy * s + ny * o);
    if (x < 0 || y < 0 || x >= w || y >= h) return -1;
    return y * w + x;
  };
  // Start at the strongest ridge pixel on the line.
  let s0 = sMin;
  let o0 = 0;
  let bestR = 0;
  for (let s = sMin; s <= sMax; s += 1) {
    for (let o = -2; o <= 2; o++) {
      const i = at(s, o);
      if (i >= 0 && Math.abs(R[i]) > bestR) {
        bestR = Math.abs(R[i]);
        s0 = s;
        o0 = o;
      }
    }
  }
  if (bestR < thr) return null;
  const maxGap = Math.max(6, WIRES.maxGapShare * (sMax - sMin));
  const points: { s: number; o: number; wd: number }[] = [{ s: s0, o: o0, wd: width[at(s0, o0)] }];
  let supported = 1;
  let steps = 1;
  for (const step of [1, -1]) {
    let o = o0;
    let gap = 0;
    const side: { s: number; o: number; wd: number }[] = [];
    for (let s = s0 + step; s >= sMin && s <= sMax; s += step) {
      let bi = -1;
      let bo = o;
      let bv = 0;
      for (let k = -1; k <= 1; k++) {
        const i = at(s, o + k);
        if (i >= 0 && Math.abs(R[i]) > bv) {
          bv = Math.abs(R[i]);
          bi = i;
          bo = o + k;
        }
      }
      steps++;
      if (bi >= 0 && bv >= 0.5 * thr) {
        o = bo;
        gap = 0;
        supported++;
        side.push({ s, o, wd: width[bi] });
      } else if (++gap > maxGap) {
        steps -= gap;
        break;
      }
    }
    if (step === 1) points.push(...side);
    else points.unshift(...side.reverse());
  }
  if (points.length < 2) return null;
  const support = supported / Math.max(1, steps);
  const first = points[0];
  const last = points[points.length - 1];
  const lengthPx = Math.abs(last.s - first.s);
  if (lengthPx < WIRES.minChordShare * (sMax - sMin)) return null;
  const toXY = (p: { s: number; o: number }): Pt => [px0 + dx * p.s + nx * p.o, py0 + dy * p.s + ny * p.o];
  const widths = points.map((p) => p.wd).sort((a, b) => a - b);
  const widthPx = Math.max(1, widths[Math.floor(widths.length / 2)]);
  const line = simplifyLine(points.map(toXY), 1.2).map(([x, y]): Pt => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  const half = Math.max(1, widthPx / 2);
  const band = offsetBand(line, half);
  const confidence = Math.round(Math.min(0.95, 0.3 + 0.5 * support + 0.15 * Math.min(1, bestR / (4 * thr))) * 100) / 100;
  return { line, widthPx, band, lengthPx, support, confidence };
}

/** A closed band polygon `half` pixels either side of a polyline. */
export function offsetBand(line: Pt[], half: number): Pt[] {
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i < line.length; i++) {
    const a = line[Math.max(0, i - 1)];
    const b = line[Math.min(line.length - 1, i + 1)];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    left.push([line[i][0] + nx * half, line[i][1] + ny * half]);
    right.push([line[i][0] - nx * half, line[i][1] - ny * half]);
  }
  return [...left, ...right.reverse()].map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
}
