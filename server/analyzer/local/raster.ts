// Small, allocation-conscious raster operations on row-major planes. Everything the local analyzer does to
// pixels goes through here, so each operation is written once, bounded in cost (O(pixels) or O(pixels·k) with
// small k) and easy to test.

export type Plane = Float32Array;
export type Mask = Uint8Array;

export interface Size {
  w: number;
  h: number;
}

/** Summed-area table with a zero row/column in front, so box sums need no bounds checks. */
export function integral(src: ArrayLike<number>, w: number, h: number): Float64Array {
  const W = w + 1;
  const out = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    const o = (y + 1) * W;
    const p = y * W;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x];
      out[o + x + 1] = out[p + x + 1] + row;
    }
  }
  return out;
}

/**
 * Mean over a (2r+1)² box, clipped at the borders (divides by the pixels actually inside). Separable
 * running sums: two passes of a few operations per pixel, whatever the radius.
 */
export function boxMean(src: Plane, w: number, h: number, r: number): Plane {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    let acc = 0;
    const right = Math.min(w - 1, r);
    for (let x = 0; x <= right; x++) acc += src[o + x];
    for (let x = 0; x < w; x++) {
      const lo = x - r;
      const hi = x + r;
      tmp[o + x] = acc / (Math.min(w - 1, hi) - Math.max(0, lo) + 1);
      if (hi + 1 < w) acc += src[o + hi + 1];
      if (lo >= 0) acc -= src[o + lo];
    }
  }
  const col = new Float64Array(w);
  const bottom = Math.min(h - 1, r);
  for (let y = 0; y <= bottom; y++) for (let x = 0; x < w; x++) col[x] += tmp[y * w + x];
  for (let y = 0; y < h; y++) {
    const lo = y - r;
    const hi = y + r;
    const inv = 1 / (Math.min(h - 1, hi) - Math.max(0, lo) + 1);
    const o = y * w;
    for (let x = 0; x < w; x++) out[o + x] = col[x] * inv;
    if (hi + 1 < h) {
      const a = (hi + 1) * w;
      for (let x = 0; x < w; x++) col[x] += tmp[a + x];
    }
    if (lo >= 0) {
      const a = lo * w;
      for (let x = 0; x < w; x++) col[x] -= tmp[a + x];
    }
  }
  return out;
}

/** Local standard deviation over a (2r+1)² box. */
export function boxStd(src: Plane, w: number, h: number, r: number): Plane {
  const sq = new Float32Array(src.length);
  for (let i = 0; i < src.length; i++) sq[i] = src[i] * src[i];
  const m = boxMean(src, w, h, r);
  const m2 = boxMean(sq, w, h, r);
  for (let i = 0; i < m.length; i++) m[i] = Math.sqrt(Math.max(0, m2[i] - m[i] * m[i]));
  return m;
}

/**
 * Gaussian-like blur by two box passes (a triangle kernel, σ² = 2r(r+1)/3): smooth enough for the scale-space
 * cues here at two thirds of the cost of the usual three passes.
 */
export function blur(src: Plane, w: number, h: number, sigma: number): Plane {
  if (sigma <= 0.3) return Float32Array.from(src);
  const r = Math.max(1, Math.round((Math.sqrt(1 + 6 * sigma * sigma) - 1) / 2));
  return boxMean(boxMean(src, w, h, r), w, h, r);
}

/** Binary dilation by a (2r+1)² square (separable running counts). */
export function dilate(mask: Mask, w: number, h: number, r: number): Mask {
  if (r <= 0) return Uint8Array.from(mask);
  const tmp = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    let cnt = 0;
    for (let x = 0; x <= Math.min(w - 1, r); x++) cnt += mask[o + x];
    for (let x = 0; x < w; x++) {
      tmp[o + x] = cnt > 0 ? 1 : 0;
      if (x + r + 1 < w) cnt += mask[o + x + r + 1];
      if (x - r >= 0) cnt -= mask[o + x - r];
    }
  }
  const out = new Uint8Array(w * h);
  const col = new Int32Array(w);
  for (let y = 0; y <= Math.min(h - 1, r); y++) for (let x = 0; x < w; x++) col[x] += tmp[y * w + x];
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) out[o + x] = col[x] > 0 ? 1 : 0;
    if (y + r + 1 < h) {
      const a = (y + r + 1) * w;
      for (let x = 0; x < w; x++) col[x] += tmp[a + x];
    }
    if (y - r >= 0) {
      const a = (y - r) * w;
      for (let x = 0; x < w; x++) col[x] -= tmp[a + x];
    }
  }
  return out;
}

/** Binary erosion by a (2r+1)² square; pixels outside the image count as set (no border shrinkage). */
export function erode(mask: Mask, w: number, h: number, r: number): Mask {
  const inv = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inv[i] = mask[i] ? 0 : 1;
  const d = dilate(inv, w, h, r);
  for (let i = 0; i < d.length; i++) d[i] = d[i] ? 0 : 1;
  return d;
}

export const open = (m: Mask, w: number, h: number, r: number): Mask => dilate(erode(m, w, h, r), w, h, r);
export const close = (m: Mask, w: number, h: number, r: number): Mask => erode(dilate(m, w, h, r), w, h, r);

export interface Component {
  label: number;
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cx: number;
  cy: number;
}

/** A component's box (inclusive) grown by `margin` pixels on each side, inside the w × h frame: [x0, y0, x1, y1]. */
export function grownBox(
  c: Pick<Component, 'x0' | 'y0' | 'x1' | 'y1'>,
  margin: number,
  w: number,
  h: number,
): [number, number, number, number] {
  return [Math.max(0, c.x0 - margin), Math.max(0, c.y0 - margin), Math.min(w - 1, c.x1 + margin), Math.min(h - 1, c.y1 + margin)];
}

export interface Labelling {
  labels: Int32Array;
  components: Component[];
}

/** 8-connected components (label 0 = background; component i has label i + 1). Iterative, stack-bounded. */
export function components(mask: Mask, w: number, h: number, minArea = 1): Labelling {
  const labels = new Int32Array(w * h);
  const comps: Component[] = [];
  const stack = new Int32Array(w * h);
  let next = 1;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const label = next++;
    let sp = 0;
    stack[sp++] = start;
    labels[start] = label;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    while (sp > 0) {
      const p = stack[--sp];
      const x = p % w;
      const y = (p - x) / w;
      area++;
      sx += x;
      sy += y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (mask[q] && !labels[q]) {
            labels[q] = label;
            stack[sp++] = q;
          }
        }
      }
    }
    comps.push({ label, area, x0, y0, x1, y1, cx: sx / area, cy: sy / area });
  }
  if (minArea > 1) {
    const keep = new Set(comps.filter((c) => c.area >= minArea).map((c) => c.label));
    for (let i = 0; i < labels.length; i++) if (labels[i] && !keep.has(labels[i])) labels[i] = 0;
    return { labels, components: comps.filter((c) => keep.has(c.label)) };
  }
  return { labels, components: comps };
}

/** The mask of one component. */
export function componentMask(lab: Labelling, label: number): Mask {
  const out = new Uint8Array(lab.labels.length);
  for (let i = 0; i < out.length; i++) out[i] = lab.labels[i] === label ? 1 : 0;
  return out;
}

/** Fills holes: background regions that do not touch the border become foreground. */
export function fillHoles(mask: Mask, w: number, h: number): Mask {
  const outside = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let sp = 0;
  const push = (p: number) => {
    if (!mask[p] && !outside[p]) {
      outside[p] = 1;
      stack[sp++] = p;
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (sp > 0) {
    const p = stack[--sp];
    const x = p % w;
    const y = (p - x) / w;
    if (x > 0) push(p - 1);
    if (x < w - 1) push(p + 1);
    if (y > 0) push(p - w);
    if (y < h - 1) push(p + w);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = outside[i] ? 0 : 1;
  return out;
}

/**
 * Fills only the holes of at most `maxArea` pixels: gaps between leaves close, but a roof or a clearing ringed by
 * canopy stays open (filling every hole made whole roofs among trees read as canopy).
 */
export function fillSmallHoles(mask: Mask, w: number, h: number, maxArea: number): Mask {
  const holes = fillHoles(mask, w, h);
  const inv = new Uint8Array(w * h);
  for (let i = 0; i < inv.length; i++) inv[i] = holes[i] && !mask[i] ? 1 : 0;
  const lab = components(inv, w, h);
  const small = new Set(lab.components.filter((c) => c.area <= maxArea).map((c) => c.label));
  const out = mask.slice();
  for (let i = 0; i < out.length; i++) if (inv[i] && small.has(lab.labels[i])) out[i] = 1;
  return out;
}

/** Exact Euclidean distance (in pixels) to the nearest set pixel of `mask` (Felzenszwalb–Huttenlocher). */
export function distanceTransform(mask: Mask, w: number, h: number): Plane {
  const INF = 1e20;
  const f = new Float64Array(Math.max(w, h));
  const d = new Float64Array(Math.max(w, h));
  const v = new Int32Array(Math.max(w, h));
  const z = new Float64Array(Math.max(w, h) + 1);
  const grid = new Float64Array(w * h);
  for (let i = 0; i < grid.length; i++) grid[i] = mask[i] ? 0 : INF;
  const pass = (n: number) => {
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < n; q++) {
      let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      while (s <= z[k]) {
        k--;
        s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < n; q++) {
      while (z[k + 1] < q) k++;
      d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
    }
  };
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = grid[y * w + x];
    pass(h);
    for (let y = 0; y < h; y++) grid[y * w + x] = d[y];
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) f[x] = grid[y * w + x];
    pass(w);
    for (let x = 0; x < w; x++) grid[y * w + x] = d[x];
  }
  // Without any mask pixel every distance is "beyond the frame": report the frame's diagonal, a finite
  // bound, rather than the sentinel (callers size searches by these values).
  const out = new Float32Array(w * h);
  const far = Math.hypot(w, h);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(far, Math.sqrt(grid[i]));
  return out;
}

/** Sobel gradient magnitude and direction. */
export function sobel(src: Plane, w: number, h: number): { mag: Plane; gx: Plane; gy: Plane } {
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mag = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = src[i - w - 1];
      const b = src[i - w];
      const c = src[i - w + 1];
      const d = src[i - 1];
      const f = src[i + 1];
      const g = src[i + w - 1];
      const hh = src[i + w];
      const k = src[i + w + 1];
      const sx = c + 2 * f + k - (a + 2 * d + g);
      const sy = g + 2 * hh + k - (a + 2 * b + c);
      gx[i] = sx / 8;
      gy[i] = sy / 8;
      mag[i] = Math.hypot(sx, sy) / 8;
    }
  }
  return { mag, gx, gy };
}

/** Value below which `q` of the (optionally masked) samples fall; histogram-based for speed. */
export function quantile(src: ArrayLike<number>, q: number, mask?: Mask, lo = 0, hi = 1, bins = 512): number {
  const hist = new Uint32Array(bins);
  let n = 0;
  const scale = (bins - 1) / (hi - lo);
  for (let i = 0; i < src.length; i++) {
    if (mask && !mask[i]) continue;
    const v = Math.min(bins - 1, Math.max(0, Math.round((src[i] - lo) * scale)));
    hist[v]++;
    n++;
  }
  if (n === 0) return lo;
  const target = q * n;
  let acc = 0;
  for (let b = 0; b < bins; b++) {
    acc += hist[b];
    if (acc >= target) return lo + b / scale;
  }
  return hi;
}

export function countSet(mask: Mask): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i];
  return n;
}

/**
 * The bounding box [x0, y0, x1, y1) of a mask's set pixels (row width `w`), its pixel edges multiplied by `sx`
 * and `sy` (a box in another image's pixels, e.g. the working copy's or the analysed image's), or null when no
 * pixel is set.
 */
export function maskBox(mask: Mask, w: number, sx = 1, sy = sx): [number, number, number, number] | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return x1 < 0 ? null : scaledBox(x0, y0, x1, y1, sx, sy);
}

/**
 * The pixel-edge box [x0, y0, x1, y1) of pixels x0..x1, y0..y1 (inclusive, as a component's bounds), multiplied by
 * `sx` and `sy` into another image's pixels.
 */
export function scaledBox(x0: number, y0: number, x1: number, y1: number, sx = 1, sy = sx): [number, number, number, number] {
  return [x0 * sx, y0 * sy, (x1 + 1) * sx, (y1 + 1) * sy];
}

export function and(a: Mask, b: Mask): Mask {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] & b[i];
  return out;
}

/** Nearest-neighbour resample of a mask (for mapping model outputs and masks between resolutions). */
export function resizeMask(mask: Mask, w: number, h: number, W: number, H: number): Mask {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.floor(((y + 0.5) * h) / H));
    for (let x = 0; x < W; x++) {
      const sx = Math.min(w - 1, Math.floor(((x + 0.5) * w) / W));
      out[y * W + x] = mask[sy * w + sx];
    }
  }
  return out;
}

/** Bilinear resample of a float plane. */
export function resizePlane(src: Plane, w: number, h: number, W: number, H: number): Plane {
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / H - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < W; x++) {
      const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / W - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const a = src[y0 * w + x0] * (1 - tx) + src[y0 * w + x1] * tx;
      const b = src[y1 * w + x0] * (1 - tx) + src[y1 * w + x1] * tx;
      out[y * W + x] = a * (1 - ty) + b * ty;
    }
  }
  return out;
}

/** Share of the ring `r` pixels wide round `part` that lies on `other` (0 when there is no ring). */
export function ringShareOn(part: Mask, other: Mask, w: number, h: number, r: number): number {
  const grown = dilate(part, w, h, r);
  let n = 0;
  let on = 0;
  for (let i = 0; i < grown.length; i++) {
    if (!grown[i] || part[i]) continue;
    n++;
    on += other[i];
  }
  return n ? on / n : 0;
}
