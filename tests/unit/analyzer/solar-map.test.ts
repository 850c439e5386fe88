// The learned solar map's presence on the subject roof: looked for only on the roof when a region is given, so a
// hotter spot elsewhere (a neighbour's array, a dark drive) neither hides the roof's panels nor stands in for them.
import { describe, expect, it } from 'vitest';
import { solarFromMap } from '../../../server/analyzer/local/solar';
import { buildScene } from '../../../server/analyzer/local/scene';

const W = 100;
const H = 80;
const grey = new Float32Array(W * H).fill(0.4);
const scene = buildScene({ w: W, h: H, r: grey, g: grey.slice(), b: grey.slice() }, { mPerPx: 0.3, known: true });

function rect(x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * W + x] = 1;
  return m;
}

// The roof on the left; panels on its south half (p 0.8); a hotter array on the neighbour's roof on the right (p 0.97).
const roof = rect(10, 10, 50, 60);
const map = new Float32Array(W * H).fill(0.02);
for (let y = 35; y < 55; y++) for (let x = 15; x < 45; x++) map[y * W + x] = 0.8;
for (let y = 20; y < 40; y++) for (let x = 70; x < 90; x++) map[y * W + x] = 0.97;

describe('solar from the learned map', () => {
  it('outlines the hottest region of the whole frame when no region is given', () => {
    const [a] = solarFromMap(scene, map, 0.65);
    expect(a.confidence).toBe(0.97);
    expect(a.areaPx).toBe(20 * 20);
  });

  it('looks only on the roof when the roof is given', () => {
    const found = solarFromMap(scene, map, 0.65, roof);
    expect(found).toHaveLength(1);
    expect(found[0].confidence).toBe(0.8);
    expect(found[0].areaPx).toBe(30 * 20);
    expect(found[0].centroid[0]).toBeLessThan(50);
  });

  it('says nothing when the map on the roof is below the threshold, however hot it is elsewhere', () => {
    expect(solarFromMap(scene, map, 0.85, roof)).toEqual([]);
    expect(solarFromMap(scene, map, 0.65, rect(0, 0, 10, 10))).toEqual([]);
  });

  it('takes a hot spot smaller than one module for a dark spot, not an array', () => {
    // At 0.3 m per pixel a module (1.7 m²) is about 19 px: a 3×3 spot (0.8 m²) is not one, a 5×4 spot (1.8 m²) is.
    const spot = (sw: number, sh: number) => {
      const m = new Float32Array(W * H).fill(0.02);
      for (let y = 30; y < 30 + sh; y++) for (let x = 30; x < 30 + sw; x++) m[y * W + x] = 0.95;
      return m;
    };
    expect(solarFromMap(scene, spot(3, 3), 0.65, roof)).toEqual([]);
    expect(solarFromMap(scene, spot(5, 4), 0.65, roof)).toHaveLength(1);
  });
});

describe('a map short of sure needs the panels beside it (decision 013n)', () => {
  // A pale grey roof (L 0.65) across the frame; the map fairly sure (0.85) of a 6 × 6 m patch of it, a shade
  // darker (L 0.61: within the panel colour bounds, not darker than the roof by 0.05).
  const pale = new Float32Array(W * H).fill(0.65);
  const hot = new Float32Array(W * H).fill(0.02);
  for (let y = 30; y < 50; y++) {
    for (let x = 30; x < 50; x++) {
      hot[y * W + x] = 0.85;
      pale[y * W + x] = 0.61;
    }
  }
  const paleRoof = rect(5, 5, 95, 75);
  const withPanels = (pw: number, ph: number) => {
    // Dark blue-grey modules (L ≈ 0.24) just beside the hot patch.
    const r = pale.slice();
    const g = pale.slice();
    const b = pale.slice();
    for (let y = 52; y < 52 + ph; y++) {
      for (let x = 30; x < 30 + pw; x++) {
        r[y * W + x] = 0.18;
        g[y * W + x] = 0.23;
        b[y * W + x] = 0.35;
      }
    }
    return buildScene({ w: W, h: H, r, g, b }, { mPerPx: 0.3, known: true });
  };

  it('says nothing on a pale roof with no panel-coloured pixels near the hot region', () => {
    const bare = withPanels(0, 0);
    expect(solarFromMap(bare, hot, 0.65, paleRoof, paleRoof)).toEqual([]);
    // Without the roof to compare against, the map and the region's colour alone decide (no subject).
    expect(solarFromMap(bare, hot, 0.65, paleRoof)).toHaveLength(1);
  });

  it('keeps the finding when two modules of dark panel colour lie beside it', () => {
    // 6 × 3 px at 0.3 m = 1.6 m², under two modules; 10 × 5 px = 4.5 m², over.
    expect(solarFromMap(withPanels(6, 3), hot, 0.65, paleRoof, paleRoof)).toEqual([]);
    expect(solarFromMap(withPanels(10, 5), hot, 0.65, paleRoof, paleRoof)).toHaveLength(1);
  });

  it('needs no panels in view when the map is sure', () => {
    const sure = hot.map((v) => (v > 0.5 ? 0.97 : v));
    expect(solarFromMap(withPanels(0, 0), sure, 0.65, paleRoof, paleRoof)).toHaveLength(1);
  });
});

describe('part of the hot region must be as dark as a panel, however sure the map is (decision 013q)', () => {
  // A pale metal roof (L 0.8, lighter than a panel can be) the map is sure of: no array, with or without the
  // subject roof; the same region with a third of it dark blue-grey modules is one.
  const hot = new Float32Array(W * H).fill(0.02);
  for (let y = 30; y < 50; y++) for (let x = 30; x < 50; x++) hot[y * W + x] = 0.99;
  const roofMask = rect(5, 5, 95, 75);
  const paleWithModules = (rows: number) => {
    const r = new Float32Array(W * H).fill(0.8);
    const g = r.slice();
    const b = r.slice();
    for (let y = 30; y < 30 + rows; y++) {
      for (let x = 30; x < 50; x++) {
        r[y * W + x] = 0.18;
        g[y * W + x] = 0.23;
        b[y * W + x] = 0.35;
      }
    }
    return buildScene({ w: W, h: H, r, g, b }, { mPerPx: 0.3, known: true });
  };

  it('says nothing on a pale roof with no pixel as dark as a panel in the region', () => {
    expect(solarFromMap(paleWithModules(0), hot, 0.65)).toEqual([]);
    expect(solarFromMap(paleWithModules(0), hot, 0.65, roofMask, roofMask)).toEqual([]);
  });

  it('says nothing when a tenth of the region is as dark as a panel, and finds the array at a third', () => {
    // 2 of 20 rows = 10 %; 6 of 20 = 30 % (the bound is 22 %).
    expect(solarFromMap(paleWithModules(2), hot, 0.65, roofMask, roofMask)).toEqual([]);
    const [a] = solarFromMap(paleWithModules(6), hot, 0.65, roofMask, roofMask);
    expect(a.confidence).toBe(0.99);
    expect(a.areaPx).toBe(20 * 20);
  });

  it('keeps a sure region on a brown roof, whatever its hue (panels at 0.3 m blend into the roof around them)', () => {
    // A mid brown region (not a panel's hue, L about 0.45): the map decides.
    const r = new Float32Array(W * H).fill(0.55);
    const g = new Float32Array(W * H).fill(0.45);
    const b = new Float32Array(W * H).fill(0.35);
    const brown = buildScene({ w: W, h: H, r, g, b }, { mPerPx: 0.3, known: true });
    expect(solarFromMap(brown, hot, 0.65, roofMask, roofMask)).toHaveLength(1);
  });
});
