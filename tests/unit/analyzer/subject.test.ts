// The subject building and how other findings relate to it: chosen from a building probability map (what the
// learned model gives), the house nearest the centre wins over a shed or a neighbour at the edge; a line counts as
// over the structure only when it runs on beyond the roof.
import { describe, expect, it } from 'vitest';
import { runsBeyond } from '../../../server/analyzer/local/analyzer';
import { buildScene } from '../../../server/analyzer/local/scene';
import { estimateGsdFromBuildings } from '../../../server/analyzer/local/gsd-estimate';
import { findSubjectBuilding, withPanelsAsRoof } from '../../../server/analyzer/local/subject';
import type { Pt } from '../../../server/analyzer/local/geometry';

const W = 200;
const H = 160;

type Rect = [number, number, number, number, number?];

/** A scene at `mPerPx`: grey ground with the given rectangles drawn as pale roofs (their square edges are evidence). */
function sceneAt(mPerPx: number, roofs: Rect[] = []) {
  const n = W * H;
  const grey = new Float32Array(n).fill(0.35);
  for (const [x0, y0, x1, y1] of roofs) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * W + x] = 0.75;
  return buildScene({ w: W, h: H, r: grey, g: grey.slice(), b: grey.slice() }, { mPerPx, known: true });
}

/** A probability map with the given rectangles painted at probability p. */
function map(rects: Rect[]): Float32Array {
  const prob = new Float32Array(W * H).fill(0.02);
  for (const [x0, y0, x1, y1, p = 0.95] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) prob[y * W + x] = p;
  return prob;
}

/** The subject for buildings that the map and the image both show. */
const subjectOf = (mPerPx: number, rects: Rect[]) => findSubjectBuilding(sceneAt(mPerPx, rects), map(rects));

describe('subject building from the building map', () => {
  const scene = sceneAt(0.25); // 50 m × 40 m; featureless ground
  /** A centred 12.5 × 10 m roof whose pixels the map gives probability `p`. */
  const house = (p: number): Rect => [75, 60, 125, 100, p];

  it('takes no road for a house: a strip more drawn-out than 5.5:1 is never the subject', () => {
    // A 40 × 3.5 m strip through the centre (a road the map took for a roof), alone and beside a house.
    const road: Rect = [20, 73, 180, 87];
    expect(subjectOf(0.25, [road]).roof).toBeNull();
    const { roof } = subjectOf(0.25, [road, [60, 95, 100, 125]]);
    expect(roof).not.toBeNull();
    expect(Math.min(...roof!.polygon.map(([, y]) => y))).toBeGreaterThanOrEqual(94);
    // 3.5:1 is still a house (a long ranch house or a row of garages), and so is a 21 × 4.25 m mobile home (4.9:1).
    expect(subjectOf(0.25, [[30, 60, 170, 100]]).roof).not.toBeNull();
    expect(subjectOf(0.25, [[58, 72, 142, 89]]).roof).not.toBeNull();
  });

  it('takes a building for the subject rather than a piece of it the map split off at the centre', () => {
    // A 20 × 16 m U-shaped house just off the centre and a 4 × 4 m piece in its courtyard, right at the centre.
    const house: Rect[] = [
      [60, 60, 140, 72],
      [60, 72, 76, 124],
      [124, 72, 140, 124],
    ];
    const piece: Rect = [92, 74, 108, 90];
    const { roof } = subjectOf(0.25, [...house, piece]);
    expect(roof).not.toBeNull();
    expect(roof!.areaPx).toBeGreaterThan(2000);
    // Alone at the centre, the same piece is a small building and the subject.
    expect(subjectOf(0.25, [piece]).roof?.areaPx).toBeLessThan(300);
  });

  it('takes the panels on a roof as part of it (the building map misses dark arrays)', () => {
    // A 15 × 15 m roof; the building map sees only its west 8 m, the solar map is hot on its east 7 m.
    const roofScene = sceneAt(0.25, [[70, 50, 130, 110]]);
    const building = map([[70, 50, 102, 110]]);
    const solar = map([[102, 50, 130, 110, 0.9]]);
    const width = (m: Float32Array) => {
      const { roof } = findSubjectBuilding(roofScene, m);
      const xs = roof!.polygon.map(([x]) => x);
      return Math.max(...xs) - Math.min(...xs);
    };
    expect(width(building)).toBeLessThan(35);
    expect(width(withPanelsAsRoof(building, solar))).toBeGreaterThan(55);
    // Below the solar model's threshold, or on water, the solar map adds nothing.
    expect(Array.from(withPanelsAsRoof(building, solar, 0.95))).toEqual(Array.from(building));
    const water = new Uint8Array(W * H).fill(1);
    expect(Array.from(withPanelsAsRoof(building, solar, 0.65, water))).toEqual(Array.from(building));
  });

  it('takes the house over the centre, not a larger neighbour at the edge', () => {
    const { roof } = subjectOf(0.25, [
      [80, 60, 130, 100],
      [0, 0, 60, 40],
    ]);
    expect(roof).not.toBeNull();
    expect(roof!.centroid[0]).toBeGreaterThan(80);
    expect(roof!.centroid[0]).toBeLessThan(130);
    expect(roof!.areaPx).toBeGreaterThan(0.9 * 50 * 40);
  });

  it('prefers a house a little off-centre to a shed nearer the centre', () => {
    // A 4.5 m × 4.5 m shed 1.6 m from the centre; a 12 m × 12.5 m house 4 m from it.
    const { roof } = subjectOf(0.25, [
      [104, 84, 122, 102],
      [40, 20, 88, 70],
    ]);
    expect(roof).not.toBeNull();
    expect(roof!.centroid[0]).toBeLessThan(88);
    expect(roof!.areaPx).toBeGreaterThan(0.9 * 48 * 50);
  });

  it('prefers a sure house a little off-centre to an unsure blob over the centre (dry ground, a yard)', () => {
    // An 8 × 10 m blob over the centre at a mean probability of 0.7 (confidence 0.82: a subject on its own) and a
    // 12.5 × 15 m house at 0.98, 4.6 m from the centre: the unsure blob's doubt (0.5 × 160 px × 0.3) outweighs it.
    const unsure: Rect = [80, 60, 112, 100, 0.7];
    const house: Rect = [118, 50, 168, 110, 0.98];
    expect(subjectOf(0.25, [unsure]).roof).not.toBeNull();
    const { roof } = subjectOf(0.25, [unsure, house]);
    expect(roof).not.toBeNull();
    expect(roof!.centroid[0]).toBeGreaterThan(118);
    expect(roof!.areaPx).toBeGreaterThan(0.9 * 50 * 60);
  });

  it('takes a shed when it is the only building', () => {
    const { roof } = subjectOf(0.25, [[95, 70, 120, 90]]);
    expect(roof).not.toBeNull();
  });

  it('finds no subject on a map without buildings, or with only unsure or tiny blobs', () => {
    expect(findSubjectBuilding(scene, map([])).roof).toBeNull();
    expect(findSubjectBuilding(scene, map([[80, 60, 130, 100, 0.55]])).roof).toBeNull();
    expect(findSubjectBuilding(scene, map([[98, 78, 103, 83]])).roof).toBeNull();
  });

  it('takes no unsure blob as the subject: its confidence (mean probability and centring) is at least 0.81', () => {
    // The same centred 12.5 × 10 m roof: at a mean probability of 0.70 its confidence is 0.82; at 0.65 (above the
    // 0.62 floor for a building at all) it is 0.79, and the frame has no subject.
    const sure = subjectOf(0.25, [house(0.7)]).roof;
    expect(sure).not.toBeNull();
    expect(sure!.confidence).toBeGreaterThanOrEqual(0.81);
    expect(subjectOf(0.25, [house(0.65)]).roof).toBeNull();
    // Off-centre, a blob needs more: 0.70 a quarter of the frame away from the centre is not enough.
    expect(subjectOf(0.25, [[130, 100, 180, 140, 0.7]]).roof).toBeNull();
    expect(subjectOf(0.25, [[130, 100, 180, 140, 0.9]]).roof).not.toBeNull();
  });

  it('passes over a centred blob whose confidence is exactly 0.80: every such subject of the property set was wrong', () => {
    // Decision 013zq: at a mean probability of 0.667 the centred roof scores 0.80, at 0.69 it scores 0.81.
    expect(subjectOf(0.25, [house(0.667)]).roof).toBeNull();
    expect(subjectOf(0.25, [house(0.69)]).roof?.confidence).toBe(0.81);
  });

  it('needs square edges in the image: a blob of the map over featureless or round ground is no building', () => {
    // The map alone says "building", but the image shows nothing there (a washed-out lot) …
    expect(findSubjectBuilding(scene, map([[80, 60, 130, 100]])).roof).toBeNull();
    // … or a round dirt patch, edged in every direction.
    const disc: Rect[] = [];
    for (let y = 50; y < 110; y++) {
      const half = Math.round(Math.sqrt(Math.max(0, 900 - (y - 80) ** 2)));
      if (half > 0) disc.push([100 - half, y, 100 + half, y + 1]);
    }
    expect(subjectOf(0.25, disc).roof).toBeNull();
    // The same map over a drawn square roof is a building.
    expect(subjectOf(0.25, [[75, 55, 125, 105]]).roof).not.toBeNull();
  });

  it('takes no blob smaller than a sliver of the frame as the subject, even at a coarse scale', () => {
    // 12 × 12 px at 0.6 m: 52 m², above the minimum building area, but 0.45 % of the frame.
    expect(subjectOf(0.6, [[94, 74, 106, 86]]).roof).toBeNull();
    // The next candidate is tried: a frame-worthy house a little further out is taken instead.
    const { roof } = subjectOf(0.6, [
      [94, 74, 106, 86],
      [120, 60, 160, 100],
    ]);
    expect(roof).not.toBeNull();
    expect(roof!.centroid[0]).toBeGreaterThan(120);
  });

  it('never takes a building far out at the frame edge as the subject', () => {
    expect(subjectOf(0.25, [[0, 0, 12, 10]]).roof).toBeNull();
    // A 15 m × 2 m strip along the top edge, its nearest point 0.46 of the shorter side from the centre: a
    // neighbour's building seen at the edge of a crop centred on an empty lot.
    expect(subjectOf(0.25, [[70, 0, 130, 8]]).roof).toBeNull();
    // A 15 m × 4 m building clear of the edge, its nearest point 0.37 of the shorter side from the centre.
    expect(subjectOf(0.25, [[70, 139, 130, 155]]).roof).toBeNull();
  });

  it('takes a building cut by the frame edge only when it reaches near the centre', () => {
    // A 15 m × 7 m neighbour along the bottom edge, its nearest point 0.33 of the shorter side from the centre.
    expect(subjectOf(0.25, [[70, 132, 130, 160]]).roof).toBeNull();
    // The same building as a house filling the lower part of a crop centred on it: it reaches the centre.
    expect(subjectOf(0.25, [[70, 75, 130, 160]]).roof).not.toBeNull();
    // Not cut by the edge, as far out as the first: still a candidate.
    expect(subjectOf(0.25, [[70, 132, 130, 150]]).roof).not.toBeNull();
  });

  it('on a crop around one house (at most 50 m across), takes a building cut by the edge only close to the centre', () => {
    // A neighbour's roof cut by the right edge, its nearest point 0.24 of the shorter side from the centre.
    const neighbour: Rect = [138, 40, 200, 120];
    // A 27 m house crop (0.135 m, as the roof crops are): centred on an empty lot, so no subject.
    expect(subjectOf(0.135, [neighbour]).roof).toBeNull();
    // A 60 m frame: a property tile may show its house cut by the edge that far out.
    expect(subjectOf(0.3, [neighbour]).roof).not.toBeNull();
  });

  it('splits two buildings that the map joins by a narrow strip, and keeps the one over the centre', () => {
    // Two 12.5 m × 10 m houses 2.5 m apart, joined in the map by a 0.75 m strip (a garden wall, a terrace edge).
    const { roof } = subjectOf(0.25, [
      [80, 60, 130, 100],
      [140, 60, 190, 100],
      [130, 78, 140, 81],
    ]);
    expect(roof).not.toBeNull();
    const xs = roof!.polygon.map((p) => p[0]);
    expect(Math.max(...xs)).toBeLessThan(140); // at most half the strip; the joined blob ran to 190
    expect(roof!.areaPx).toBeGreaterThan(0.9 * 50 * 40);
  });

  it('keeps an L-shaped house whole: its wing is wider than a neck', () => {
    // A 12.5 m × 10 m body with a 3 m wide, 5 m long wing.
    const { roof } = subjectOf(0.25, [
      [80, 60, 130, 100],
      [118, 100, 130, 120],
    ]);
    expect(roof).not.toBeNull();
    expect(roof!.areaPx).toBeGreaterThan(0.9 * (50 * 40 + 12 * 20));
  });

  it('reports every building pixel for relating other findings to buildings', () => {
    const { buildings } = findSubjectBuilding(
      scene,
      map([
        [80, 60, 130, 100],
        [0, 0, 60, 40],
      ]),
    );
    expect(buildings[10 * W + 10]).toBe(1);
    expect(buildings[150 * W + 190]).toBe(0);
  });
});

describe('subject building at the point the owner marked', () => {
  // 50 m × 40 m at 0.25 m: a house at the centre and a neighbour in the upper left, cut by the frame edge.
  const centre: Rect = [80, 60, 120, 100];
  const neighbour: Rect = [0, 0, 40, 30];
  const rects = [centre, neighbour];
  const scene = sceneAt(0.25, rects);
  const xsOf = (roof: { polygon: Pt[] } | null) => roof!.polygon.map(([x]) => x);

  it('takes the building under the mark, even one cut by the frame edge far from the centre', () => {
    expect(Math.min(...xsOf(findSubjectBuilding(scene, map(rects)).roof))).toBeGreaterThanOrEqual(79);
    const marked = findSubjectBuilding(scene, map(rects), { x: 20 / (W - 1), y: 15 / (H - 1) }).roof;
    expect(Math.max(...xsOf(marked))).toBeLessThanOrEqual(41);
    // A mark on the centre house keeps it.
    expect(Math.min(...xsOf(findSubjectBuilding(scene, map(rects), { x: 0.5, y: 0.5 }).roof))).toBeGreaterThanOrEqual(79);
  });

  it('needs no more evidence for a marked building than the blob of the map under the mark', () => {
    // An unsure blob (mean 0.55, under the 0.62 a guess at the centre needs) is nobody's subject until it is marked.
    const unsure: Rect[] = [[80, 60, 120, 100, 0.55]];
    expect(findSubjectBuilding(sceneAt(0.25, unsure), map(unsure)).roof).toBeNull();
    expect(findSubjectBuilding(sceneAt(0.25, unsure), map(unsure), { x: 0.5, y: 0.5 }).roof).not.toBeNull();
  });

  it('forgives a mark just off the eaves, but not one in the yard', () => {
    // 3 m (12 px) right of the centre house's east wall: within 4 m, that house.
    const nearEaves = findSubjectBuilding(scene, map(rects), { x: 132 / (W - 1), y: 80 / (H - 1) }).roof;
    expect(Math.min(...xsOf(nearEaves))).toBeGreaterThanOrEqual(79);
    // 10 m (40 px) below it, in the open: no building at the mark, though one stands at the centre.
    expect(findSubjectBuilding(scene, map(rects), { x: 100 / (W - 1), y: 140 / (H - 1) }).roof).toBeNull();
  });
});
describe('a line over the structure runs on beyond the roof', () => {
  const roofMask = new Uint8Array(W * H);
  for (let y = 60; y < 100; y++) for (let x = 80; x < 130; x++) roofMask[y * W + x] = 1;

  it('a span crossing the roof runs well beyond it on both sides', () => {
    const span: Pt[] = [
      [0, 80],
      [199, 80],
    ];
    expect(runsBeyond(span, roofMask, W, H)).toBeGreaterThan(60);
  });

  it('a ridge or eave line ends with the roof', () => {
    const ridge: Pt[] = [
      [82, 80],
      [128, 80],
    ];
    expect(runsBeyond(ridge, roofMask, W, H)).toBe(0);
    const eave: Pt[] = [
      [78, 60],
      [134, 60],
    ];
    expect(runsBeyond(eave, roofMask, W, H)).toBeLessThan(5);
  });

  it('a fence or kerb beside the house never enters the roof', () => {
    const fence: Pt[] = [
      [0, 120],
      [199, 120],
    ];
    expect(runsBeyond(fence, roofMask, W, H)).toBe(0);
  });
});

describe('ground resolution estimated from the buildings in view', () => {
  const SIZE = 240;
  const probMap = (rects: [number, number, number, number][]) => {
    const prob = new Float32Array(SIZE * SIZE).fill(0.02);
    for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) prob[y * SIZE + x] = 0.9;
    return prob;
  };

  it('reads metres per pixel from the size of whole houses, a typical footprint being 200 m²', () => {
    // Three 20 × 20 px houses: 200 m² each at 0.707 m per pixel.
    const est = estimateGsdFromBuildings(
      probMap([
        [20, 20, 40, 40],
        [100, 100, 120, 120],
        [180, 40, 200, 60],
      ]),
      SIZE,
      SIZE,
      0.5,
    );
    expect(est).not.toBeNull();
    expect(est!.mPerPx).toBeCloseTo(Math.sqrt(200 / 400), 2);
    expect(est!.buildings).toBe(3);
    expect(est!.basis).toMatch(/3 buildings/);
  });

  it('leaves out buildings cut by the frame edge, and sheds beside houses', () => {
    // A house cut by the edge (unknown size) and a 5 × 5 px shed beside one whole house.
    const est = estimateGsdFromBuildings(
      probMap([
        [0, 50, 60, 110],
        [100, 100, 120, 120],
        [130, 100, 135, 105],
      ]),
      SIZE,
      SIZE,
      0.5,
    );
    expect(est!.buildings).toBe(1);
    // The cut blob (3,600 px seen) caps the scale: it cannot exceed 1,000 m², so at most 0.53 m per pixel.
    expect(est!.mPerPx).toBeLessThanOrEqual(Math.sqrt(1000 / 3600) + 1e-6);
  });

  it('estimates nothing without a whole building, or on a frame too small to hold one', () => {
    expect(estimateGsdFromBuildings(probMap([]), SIZE, SIZE, 0.5)).toBeNull();
    expect(estimateGsdFromBuildings(probMap([[0, 0, 50, 50]]), SIZE, SIZE, 0.5)).toBeNull();
    const small = new Float32Array(100 * 100).fill(0.02);
    for (let y = 40; y < 60; y++) for (let x = 40; x < 60; x++) small[y * 100 + x] = 0.9;
    expect(estimateGsdFromBuildings(small, 100, 100, 0.5)).toBeNull();
  });
});
