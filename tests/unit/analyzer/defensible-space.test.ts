// Defensible space (issue 10, item 5): vegetation cover in the 0–1.5 m, 1.5–9 m and 9–30 m zones around the
// subject roof, from the analyzer's roof and tree outlines, and the scoring factor it feeds.
import { describe, expect, it } from 'vitest';
import { unknownObservations } from '../../../server/analyzer/assemble';
import type { Finding } from '../../../server/analyzer/contract';
import {
  defensibleSpace,
  denseCanopyRisk,
  denseInnerVegetation,
  isDenseCanopyRisk,
  NEEDS_RESOLUTION,
} from '../../../server/analyzer/defensible-space';
import { scoreObservations } from '../../../server/analyzer/scoring';

const box = (feature: Finding['feature'], x0: number, y0: number, x1: number, y1: number, confidence = 0.8): Finding => ({
  feature,
  confidence,
  polygon: [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ],
  area_m2: null,
  note: '',
  analyzer: 'test',
});

// A 10 m × 10 m roof (20 × 20 px at 0.5 m/px) in the middle of a 400 × 400 px (200 m) frame.
const roof = box('roof', 190, 190, 210, 210);

describe('defensibleSpace', () => {
  it('measures each zone’s area and vegetation cover around the roof', () => {
    // A crown hugging the roof: everything within 1.5 m (3 px) of it, and nothing further out.
    const hug = box('tree', 187, 187, 213, 213);
    const space = defensibleSpace({ findings: [roof, hug], gsdMPerPx: 0.5, width: 400, height: 400 });
    expect(space.status).toBe('measured');
    const [inner, middle, outer] = space.rings;
    // Zone area: the roof's perimeter × the zone's width plus the rounded corners (π r²) — the inner zone is
    // 40 × 1.5 + π 1.5² ≈ 67 m², the middle one 40 × 7.5 + π (9² − 1.5²) ≈ 548 m².
    expect(inner.area_m2).toBeGreaterThan(67 * 0.93);
    expect(inner.area_m2).toBeLessThan(67 * 1.07);
    expect(middle.area_m2).toBeGreaterThan(548 * 0.95);
    expect(middle.area_m2).toBeLessThan(548 * 1.05);
    // The box crown covers the zone's straight sides and cuts its rounded corners.
    expect(inner.vegetation_pct).toBeGreaterThan(90);
    // Only the box's own corners reach past 1.5 m (diagonally, 2.1 m from the roof's corners).
    expect(middle.vegetation_pct).toBeGreaterThan(0);
    expect(middle.vegetation_pct).toBeLessThan(1);
    expect(outer.vegetation_pct).toBe(0);
    expect(space.rings.every((r) => r.visible_pct === 100)).toBe(true);
    expect(space.px_per_m).toBe(2);
    expect(denseInnerVegetation(space)).toBe(true);
  });

  it('rejected or absent crowns leave the zones bare; a zone the frame cuts off is measured on what is seen', () => {
    const corner = box('roof', 0, 0, 20, 20);
    const space = defensibleSpace({ findings: [corner], gsdMPerPx: 0.5, width: 100, height: 100 });
    expect(space.rings.map((r) => r.vegetation_pct)).toEqual([0, 0, 0]);
    expect(space.rings[2].visible_pct).toBeLessThan(50);
    expect(space.note).toMatch(/cuts off/);
    expect(denseInnerVegetation(space)).toBe(false);
  });

  it('says it needs the image resolution without one, and that there is no building without a roof', () => {
    const unscaled = defensibleSpace({ findings: [roof], gsdMPerPx: null, width: 400, height: 400 });
    expect(unscaled).toMatchObject({ status: 'needs_resolution', note: NEEDS_RESOLUTION, rings: [] });
    expect(NEEDS_RESOLUTION).toBe('needs the image resolution');
    const empty = defensibleSpace({ findings: [box('tree', 0, 0, 10, 10)], gsdMPerPx: 0.5, width: 400, height: 400 });
    expect(empty.status).toBe('no_building');
  });

  it('counts each sample exactly as a per-point test does, for a concave roof and crowns cut by the frame', () => {
    // The zones are counted row by row (edge crossings once per row); this reference tests every sample on
    // its own, with the textbook ray test and point-to-segment distance.
    type P = [number, number];
    const insideRef = (x: number, y: number, poly: P[]) => {
      let hit = false;
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
        const [xi, yi] = poly[i];
        const [xj, yj] = poly[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
      }
      return hit;
    };
    const distRef = (x: number, y: number, poly: P[]) =>
      Math.min(
        ...poly.map(([bx, by], i) => {
          const [ax, ay] = poly[(i + poly.length - 1) % poly.length];
          const len = (bx - ax) ** 2 + (by - ay) ** 2;
          const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len));
          return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
        }),
      );
    const lShape: P[] = [
      [30.3, 20.1],
      [70.2, 20.1],
      [70.2, 45.7],
      [48.9, 45.7],
      [48.9, 71.4],
      [30.3, 71.4],
    ];
    const crown: P[] = [
      [60, 48],
      [95, 52],
      [88, 90],
      [55, 80],
    ];
    const edgeCrown: P[] = [
      [-10, 10],
      [12, 0],
      [20, 30],
      [-5, 40],
    ];
    const finding = (feature: Finding['feature'], polygon: P[]): Finding => ({ ...box(feature, 0, 0, 1, 1), polygon });
    const gsd = 0.5;
    const space = defensibleSpace({
      findings: [finding('roof', lShape), finding('tree', crown), finding('tree', edgeCrown)],
      gsdMPerPx: gsd,
      width: 100,
      height: 90,
    });
    const step = 0.25 / gsd < 1 ? 1 : 0.25 / gsd;
    const outerPx = 30 / gsd;
    const zones = [1.5, 9, 30];
    const total = [0, 0, 0];
    const seen = [0, 0, 0];
    const green = [0, 0, 0];
    for (let y = 20.1 - outerPx + step / 2; y < 71.4 + outerPx; y += step)
      for (let x = 30.3 - outerPx + step / 2; x < 70.2 + outerPx; x += step) {
        if (insideRef(x, y, lShape)) continue;
        const zone = zones.findIndex((outer) => distRef(x, y, lShape) * gsd < outer);
        if (zone < 0) continue;
        total[zone]++;
        if (x < 0 || y < 0 || x >= 100 || y >= 90) continue;
        seen[zone]++;
        if (insideRef(x, y, crown) || insideRef(x, y, edgeCrown)) green[zone]++;
      }
    expect(seen.every((n) => n > 0) && green[0] > 0 && green[1] > 0).toBe(true);
    expect(space.rings.map((r) => r.area_m2)).toEqual(seen.map((n) => Math.round(n * (step * gsd) ** 2 * 10) / 10));
    expect(space.rings.map((r) => r.visible_pct)).toEqual(seen.map((n, i) => Math.round((1000 * n) / total[i]) / 10));
    expect(space.rings.map((r) => r.vegetation_m2)).toEqual(green.map((n) => Math.round(n * (step * gsd) ** 2 * 10) / 10));
  });
});

describe('the defensible_space_dense scoring factor', () => {
  const dense = defensibleSpace({ findings: [roof, box('tree', 187, 187, 213, 213)], gsdMPerPx: 0.5, width: 400, height: 400 });
  const obs = {
    ...unknownObservations(),
    property_condition: 'good' as const,
    roof: { style: 'gable' as const, condition: 'good' as const },
  };

  it('adds its points when the inner zones are densely vegetated, with the figures in the reason', () => {
    const { risk_score, score_breakdown } = scoreObservations(
      { ...obs, trees: { count: 1, proximity: 'near', overhanging: false } },
      [],
      true,
      dense,
    );
    const factor = score_breakdown.find((i) => i.factor === 'defensible_space_dense')!;
    expect(factor.points).toBe(8);
    expect(factor.reason).toMatch(/^Vegetation covers \d+(\.\d)?% of the 0–1\.5 m zone/);
    expect(risk_score).toBe(5 + 10 + 8);
  });

  it('counts dense canopy once: not added when canopy over the roof already counts, nor without a measurement', () => {
    const touching = scoreObservations({ ...obs, trees: { count: 1, proximity: 'touching', overhanging: true } }, [], true, dense);
    expect(touching.score_breakdown.map((i) => i.factor)).not.toContain('defensible_space_dense');
    const unmeasured = scoreObservations({ ...obs, trees: { count: 1, proximity: 'near', overhanging: false } }, [], true, null);
    expect(unmeasured.score_breakdown.map((i) => i.factor)).not.toContain('defensible_space_dense');
  });

  it("does not score the analyzer's dense-canopy risk again where the zones are measured dense", () => {
    const canopy = denseCanopyRisk(70, 10);
    expect(isDenseCanopyRisk(canopy)).toBe(true);
    expect(isDenseCanopyRisk('Debris pile beside the garage')).toBe(false);
    const risky = {
      ...obs,
      trees: { count: 1, proximity: 'near' as const, overhanging: false },
      additional_risks: [canopy, 'Debris pile beside the garage'],
    };
    const both = scoreObservations(risky, [], true, dense);
    expect(both.score_breakdown.find((i) => i.factor === 'additional_risk')).toMatchObject({
      points: 4,
      reason: expect.stringMatching(/^Debris pile/),
    });
    expect(both.score_breakdown.map((i) => i.factor)).toContain('defensible_space_dense');
    expect(both.risk_score).toBe(5 + 10 + 4 + 8);
    // Without a measurement of the zones, the canopy risk is the only price of that vegetation: it counts.
    const unmeasured = scoreObservations(risky, [], true, null);
    expect(unmeasured.score_breakdown.find((i) => i.factor === 'additional_risk')!.points).toBe(8);
    expect(unmeasured.risk_score).toBe(5 + 10 + 8);
  });
});
