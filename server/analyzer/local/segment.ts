// Graph-based image segmentation (Felzenszwalb & Huttenlocher 2004) on a small copy of the image: regions
// of similar colour bounded by real edges. Roof planes, lawns, drives and pools each come out as segments,
// which the roof finder then reasons about. Edge weights are bucket-sorted, so it runs in linear time.
import type { Plane } from './raster';

export interface Segmentation {
  w: number;
  h: number;
  labels: Int32Array; // 0..n-1
  n: number;
}

class DisjointSet {
  parent: Int32Array;
  size: Int32Array;
  internal: Float32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    this.internal = new Float32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(x: number): number {
    let r = x;
    while (this.parent[r] !== r) r = this.parent[r];
    while (this.parent[x] !== r) {
      const nx = this.parent[x];
      this.parent[x] = r;
      x = nx;
    }
    return r;
  }
  join(a: number, b: number, wgt: number): number {
    if (this.size[a] < this.size[b]) [a, b] = [b, a];
    this.parent[b] = a;
    this.size[a] += this.size[b];
    this.internal[a] = wgt;
    return a;
  }
}

const BUCKETS = 2048;

/** Segments an RGB image given as 0..1 planes. `k` sets the preferred segment size (larger → bigger). */
export function felzenszwalb(r: Plane, g: Plane, b: Plane, w: number, h: number, k: number, minSize: number): Segmentation {
  const n = w * h;
  const maxEdges = n * 4;
  const ea = new Int32Array(maxEdges);
  const eb = new Int32Array(maxEdges);
  const ew = new Float32Array(maxEdges);
  let m = 0;
  const dist = (p: number, q: number) => {
    const dr = r[p] - r[q];
    const dg = g[p] - g[q];
    const db = b[p] - b[q];
    return Math.sqrt(dr * dr + dg * dg + db * db) * 255;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (x < w - 1) {
        ea[m] = p;
        eb[m] = p + 1;
        ew[m++] = dist(p, p + 1);
      }
      if (y < h - 1) {
        ea[m] = p;
        eb[m] = p + w;
        ew[m++] = dist(p, p + w);
        if (x < w - 1) {
          ea[m] = p;
          eb[m] = p + w + 1;
          ew[m++] = dist(p, p + w + 1);
        }
        if (x > 0) {
          ea[m] = p;
          eb[m] = p + w - 1;
          ew[m++] = dist(p, p + w - 1);
        }
      }
    }
  }
  // Bucket sort by weight (max possible distance is 255·√3 ≈ 442).
  const scale = (BUCKETS - 1) / 442;
  const counts = new Int32Array(BUCKETS + 1);
  for (let e = 0; e < m; e++) counts[Math.min(BUCKETS - 1, Math.floor(ew[e] * scale)) + 1]++;
  for (let i = 0; i < BUCKETS; i++) counts[i + 1] += counts[i];
  const order = new Int32Array(m);
  for (let e = 0; e < m; e++) order[counts[Math.min(BUCKETS - 1, Math.floor(ew[e] * scale))]++] = e;

  const ds = new DisjointSet(n);
  const thresh = new Float32Array(n).fill(k);
  for (let oi = 0; oi < m; oi++) {
    const e = order[oi];
    let a = ds.find(ea[e]);
    const c = ds.find(eb[e]);
    if (a === c) continue;
    if (ew[e] <= thresh[a] && ew[e] <= thresh[c]) {
      a = ds.join(a, c, ew[e]);
      thresh[a] = ew[e] + k / ds.size[a];
    }
  }
  for (let oi = 0; oi < m; oi++) {
    const e = order[oi];
    const a = ds.find(ea[e]);
    const c = ds.find(eb[e]);
    if (a !== c && (ds.size[a] < minSize || ds.size[c] < minSize)) ds.join(a, c, ew[e]);
  }
  const labels = new Int32Array(n);
  const remap = new Int32Array(n).fill(-1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const root = ds.find(i);
    if (remap[root] < 0) remap[root] = count++;
    labels[i] = remap[root];
  }
  return { w, h, labels, n: count };
}
