import { describe, expect, it } from 'vitest';
import { convexHull, describeLocation, fillPolygon, minAreaRect, polygonArea, traceContour } from '../../../server/analyzer/local/geometry';
import { components, distanceTransform, fillHoles, maskBox } from '../../../server/analyzer/local/raster';

describe('raster and geometry primitives', () => {
  it('labels 8-connected blobs with their areas and boxes', () => {
    const w = 8;
    const h = 6;
    const m = new Uint8Array(w * h);
    for (const [x, y] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [6, 4],
      [6, 5],
      [7, 5],
    ])
      m[y * w + x] = 1;
    const lab = components(m, w, h);
    expect(lab.components.map((c) => c.area).sort()).toEqual([3, 3]);
    expect(lab.components[0]).toMatchObject({ x0: 1, y0: 1, x1: 3, y1: 3 });
  });

  it("gives a mask's box in its own pixels or scaled into another image's, and null for an empty mask", () => {
    const w = 10;
    const m = new Uint8Array(w * 8);
    m[2 * w + 3] = 1;
    m[5 * w + 6] = 1;
    expect(maskBox(m, w)).toEqual([3, 2, 7, 6]);
    expect(maskBox(m, w, 2, 0.5)).toEqual([6, 1, 14, 3]);
    expect(maskBox(new Uint8Array(w * 8), w)).toBeNull();
  });

  it('traces a square outline and fills a polygon back to the same area', () => {
    const w = 20;
    const h = 20;
    const m = new Uint8Array(w * h);
    for (let y = 5; y < 15; y++) for (let x = 4; x < 12; x++) m[y * w + x] = 1;
    const ring = traceContour(m, w, h, 5 * w + 4);
    expect(ring.length).toBe(2 * (8 - 1) + 2 * (10 - 1));
    expect(polygonArea(ring)).toBe(7 * 9);
    const filled = fillPolygon(
      [
        [4, 5],
        [11, 5],
        [11, 14],
        [4, 14],
      ],
      w,
      h,
    );
    expect(filled.reduce((s, v) => s + v, 0)).toBe(80);
  });

  it('finds the oriented rectangle of a rotated box', () => {
    const a = Math.PI / 6;
    const pts: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 4],
      [0, 4],
    ].map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
    const r = minAreaRect(convexHull(pts));
    expect(r.width).toBeCloseTo(10, 5);
    expect(r.height).toBeCloseTo(4, 5);
    expect(r.area).toBeCloseTo(40, 5);
  });

  it('computes exact Euclidean distances and fills holes', () => {
    const w = 7;
    const h = 7;
    const m = new Uint8Array(w * h);
    m[3 * w + 3] = 1;
    const d = distanceTransform(m, w, h);
    expect(d[3 * w + 3]).toBe(0);
    expect(d[0]).toBeCloseTo(Math.hypot(3, 3), 5);
    const ring = new Uint8Array(w * h);
    for (let y = 1; y < 6; y++) for (let x = 1; x < 6; x++) ring[y * w + x] = y === 1 || y === 5 || x === 1 || x === 5 ? 1 : 0;
    expect(fillHoles(ring, w, h)[3 * w + 3]).toBe(1);
  });

  it('describes locations in compass words for north-up maps and image words otherwise', () => {
    const size = { w: 600, h: 400 };
    expect(describeLocation([500, 100], [300, 200], size, true)).toBe('north-east of the main building');
    expect(describeLocation([300, 380], [300, 200], size, true)).toBe('south of the main building');
    expect(describeLocation([50, 50], [300, 200], size, false)).toBe('upper left of the image');
  });
});
