import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzerOutputSchema, ImageDecodeError, type AnalyzerOutput, type Finding } from '../../../server/analyzer/contract';
import { createLocalAnalyzer, crownWords, wireWords } from '../../../server/analyzer/local/analyzer';
import { COLOUR_IMAGE } from '../../../server/analyzer/recommendations';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));
// The classical analyzer is what every install has; the ONNX models are optional and tested separately.
const analyzer = createLocalAnalyzer({ useModels: false });

function expectConformant(out: AnalyzerOutput) {
  const parsed = analyzerOutputSchema.safeParse(out);
  if (!parsed.success) throw new Error(parsed.error.message);
  const { width, height } = out.evidence.provenance;
  for (const f of out.evidence.findings) {
    for (const [x, y] of f.polygon) {
      expect(x).toBeGreaterThanOrEqual(-2);
      expect(y).toBeGreaterThanOrEqual(-2);
      expect(x).toBeLessThanOrEqual(width + 2);
      expect(y).toBeLessThanOrEqual(height + 2);
    }
  }
}

/** Deterministic pseudo-random texture (mulberry32), so synthetic scenes look like ground, not flat paint. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Paint = (x: number, y: number, rnd: () => number) => [number, number, number] | null;
async function scene(w: number, h: number, layers: Paint[], seed = 1): Promise<Buffer> {
  const rnd = rng(seed);
  const buf = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let c: [number, number, number] = [0, 0, 0];
      for (const layer of layers) c = layer(x, y, rnd) ?? c;
      buf.set(
        c.map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        (y * w + x) * 3,
      );
    }
  }
  return sharp(buf, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

// Dry, pale ground (not vegetation) with some texture.
const ground: Paint = (_x, _y, r) => {
  const n = (r() - 0.5) * 30;
  return [175 + n, 165 + n, 140 + n];
};
const rect =
  (x0: number, y0: number, x1: number, y1: number, paint: Paint): Paint =>
  (x, y, r) =>
    x >= x0 && x < x1 && y >= y0 && y < y1 ? paint(x, y, r) : null;
// A grey gable roof: two planes lit differently, split along the long axis.
const roof: Paint = (_x, y, r) => (y < 200 ? [105 + r() * 6, 105 + r() * 6, 108 + r() * 6] : [150 + r() * 6, 150 + r() * 6, 155 + r() * 6]);
// The shadow the house casts on the ground to the south-east, as in any sunlit overhead image.
const shadow =
  (x0: number, y0: number, x1: number, y1: number, d: number): Paint =>
  (x, y, r) =>
    (x >= x0 + d && x < x1 + d && y >= y1 && y < y1 + d) || (x >= x1 && x < x1 + d && y >= y0 + d && y < y1 + d)
      ? [55 + r() * 8, 55 + r() * 8, 65 + r() * 8]
      : null;
// The house of the generated scenes: a 24 × 18 m roof at 0.15 m in the middle of a 600 × 400 frame, on dry ground.
const house: Paint[] = [ground, shadow(200, 140, 360, 260, 8), rect(200, 140, 360, 260, roof)];
const poolWater: Paint = (_x, _y, r) => [60 + r() * 10, 185 + r() * 10, 215 + r() * 10];
const coping: Paint = () => [225, 225, 220];

const inside = (f: Finding, x0: number, y0: number, x1: number, y1: number, slack = 4) =>
  f.polygon.every(([x, y]) => x >= x0 - slack && x <= x1 + slack && y >= y0 - slack && y <= y1 + slack);

describe('local analyzer on real, openly licensed images', () => {
  it('finds trees in a dense urban canopy tile (NAIP, 0.6 m; the source labels 120 trees)', async () => {
    const out = await analyzer.analyze(fixture('chico_2020_55.png'), { source: 'upload', gsd_m_per_px: 0.6 });
    expectConformant(out);
    expect(out.results.trees.count).toBeGreaterThan(40);
    expect(out.evidence.findings.filter((f) => f.feature === 'tree').length).toBeGreaterThan(20);
    expect(out.evidence.findings.find((f) => f.feature === 'tree')?.area_m2).toBeGreaterThan(0);
  });

  it('finds trees in a forest tile (NEON, 0.1 m)', async () => {
    const out = await analyzer.analyze(fixture('OSBS_029.png'), { source: 'upload', gsd_m_per_px: 0.1 });
    expectConformant(out);
    expect(out.results.trees.count).toBeGreaterThan(0);
  });

  it('finds no trees on a car lot or a desert lot the source marks tree-free', async () => {
    for (const name of ['riverside_2018_48.png', 'palm_springs_2016_57.png']) {
      const out = await analyzer.analyze(fixture(name), { source: 'upload', gsd_m_per_px: 0.6 });
      expectConformant(out);
      expect(out.results.trees).toEqual({ overhanging: false, count: 0, proximity: 'none' });
      expect(out.evidence.findings.some((f) => f.feature === 'tree')).toBe(false);
    }
  });

  it('is deterministic and says in provenance how it measured', async () => {
    const a = await analyzer.analyze(fixture('chico_2020_55.png'), { source: 'upload', gsd_m_per_px: 0.6, gsd_source: 'source-native' });
    const b = await analyzer.analyze(fixture('chico_2020_55.png'), { source: 'upload', gsd_m_per_px: 0.6, gsd_source: 'source-native' });
    expect(b.evidence.findings).toEqual(a.evidence.findings);
    expect(a.evidence.provenance).toMatchObject({
      provider: 'local',
      width: 256,
      height: 256,
      gsd_m_per_px: 0.6,
      gsd_source: 'source-native',
      image_source: 'upload',
    });
    const unknown = await analyzer.analyze(fixture('chico_2020_55.png'), { source: 'upload' });
    expect(unknown.evidence.provenance.gsd_m_per_px).toBeNull();
    expect(unknown.evidence.provenance.gsd_source).toBeNull();
    expect(unknown.evidence.findings.every((f) => f.area_m2 === null)).toBe(true);
    expect(String(unknown.evidence.provenance.scale_note)).toMatch(/roof width/);
  });
});

describe('local analyzer with its learned building map (the default)', () => {
  const withModels = createLocalAnalyzer();

  it.each([
    ['a forest plot (NEON, 0.1 m)', 'OSBS_029.png', 0.1],
    ['a car lot (NAIP, 0.6 m)', 'riverside_2018_48.png', 0.6],
    // The building map finds one square 19 m² blob among the cars: too small a sliver of the frame for a subject.
    ['the same car lot two years later (NAIP, 0.6 m)', 'riverside_2020_48.png', 0.6],
    ['a desert lot (NAIP, 0.6 m)', 'palm_springs_2016_57.png', 0.6],
  ] as const)('finds no building on %s: no roof findings, no roof judgement and no score', async (_name, file, gsd) => {
    const out = await withModels.analyze(fixture(file), { source: 'upload', gsd_m_per_px: gsd });
    expectConformant(out);
    expect(out.evidence.assessable).toBe(false);
    expect(out.results.risk_score).toBeNull();
    expect(out.results.roof.condition).toBe('unknown');
    expect(out.evidence.findings.some((f) => f.feature === 'roof' || f.feature === 'damage')).toBe(false);
    expect(out.evidence.unassessable_reasons.join(' ')).toMatch(/No building/);
  });

  it("words each crown and wire as the property's proximity does: one that only reaches the roof is at its edge, not over it", async () => {
    // Dense urban canopy: crowns reach the subject roof without enough canopy over it to count as touching.
    const out = await withModels.analyze(fixture('chico_2020_55.png'), { source: 'upload' });
    expect(out.results.trees.proximity).toBe('near');
    const notes = out.evidence.findings.filter((f) => f.feature === 'tree').map((f) => f.note);
    expect(notes.filter((n) => n.includes("at the roof's edge")).length).toBeGreaterThan(0);
    for (const note of notes) expect(note).not.toMatch(/touching the roof|over the roof/);
    // Listed nearest the roof first: the crowns a reviewer checks first are those that drive the score.
    const distance = (note: string) => (note.includes("at the roof's edge") ? 0 : Number(/about ([\d.]+) m from the roof/.exec(note)?.[1]));
    const distances = notes.map(distance);
    expect(distances.every((d) => Number.isFinite(d))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Over the roof only where the canopy over it counts as touching, and only for a crown that is on the roof.
    expect(crownWords(true, 12, 0)).toBe(', over the roof');
    expect(crownWords(false, 12, 0)).toBe(", at the roof's edge");
    expect(crownWords(true, 0, 0.4)).toBe(", at the roof's edge");
    expect(crownWords(true, 0, 5.04)).toBe(', about 5 m from the roof');
    // Wires likewise: a wire that reaches the roof without crossing it is at its edge, not "about 0 m" away.
    expect(wireWords(true, 0)).toBe(', passing over the roof');
    expect(wireWords(false, 0)).toBe(", at the roof's edge");
    expect(wireWords(false, 7.26)).toBe(', about 7.3 m from the building');
  });

  it('estimates the ground resolution of an upload without metadata from its buildings, and says so', async () => {
    // NAIP at 0.6 m: the assumed 70 m frame would say 0.27 m per pixel.
    const out = await withModels.analyze(fixture('chico_2020_55.png'), { source: 'upload' });
    expect(out.evidence.provenance.gsd_source).toBe('estimated');
    expect(out.evidence.provenance.gsd_m_per_px).toBeGreaterThan(0.3);
    expect(out.evidence.provenance.gsd_m_per_px).toBeLessThan(1.2);
    expect(String(out.evidence.provenance.gsd_basis)).toMatch(/size of \d+ buildings? in view/);
    // Without buildings there is nothing to estimate from: the analysis stays in relative terms.
    const forest = await withModels.analyze(fixture('OSBS_029.png'), { source: 'upload' });
    expect(forest.evidence.provenance.gsd_source).toBeNull();
    expect(forest.evidence.provenance.scale_note).toMatch(/unknown/);
    // Nor are the trees given sizes in metres: with no resolution and no roof to judge by, they would be guesses.
    const trees = forest.evidence.findings.filter((f) => f.feature === 'tree');
    expect(trees.length).toBeGreaterThan(0);
    for (const t of trees) expect(t.note).not.toMatch(/ m across/);
    expect(trees[0].area_m2).toBeNull();
  });
});

describe('local analyzer on generated scenes', () => {
  let poolScene: Buffer;
  beforeAll(async () => {
    // 600×400 at 0.15 m (a zoom-20 map tile): a house in the middle, a pool with coping to its right.
    poolScene = await scene(600, 400, [
      ground,
      shadow(200, 140, 360, 260, 8),
      rect(200, 140, 360, 260, roof),
      rect(420, 170, 486, 214, coping),
      rect(425, 175, 481, 209, poolWater),
    ]);
  });

  it('finds the pool where it is drawn, with its area, and places it relative to the house', async () => {
    const out = await analyzer.analyze(poolScene, { source: 'tiles', gsd_m_per_px: 0.15, gsd_source: 'map-zoom', north_up: true });
    expectConformant(out);
    expect(out.results.pool.present).toBe(true);
    expect(out.results.pool.condition).toBe('clean');
    expect(out.results.pool.location).toBe('east of the main building');
    const pool = out.evidence.findings.find((f) => f.feature === 'pool')!;
    expect(inside(pool, 425, 175, 481, 209)).toBe(true);
    // Drawn 56×34 px at 0.15 m = 42.8 m².
    expect(pool.area_m2).toBeGreaterThan(30);
    expect(pool.area_m2).toBeLessThan(55);
  });

  it('moves the pool when the image is mirrored (the finding comes from the pixels)', async () => {
    const mirrored = await sharp(poolScene).flop().png().toBuffer();
    const out = await analyzer.analyze(mirrored, { source: 'tiles', gsd_m_per_px: 0.15, gsd_source: 'map-zoom', north_up: true });
    const pool = out.evidence.findings.find((f) => f.feature === 'pool')!;
    expect(inside(pool, 600 - 481, 175, 600 - 425, 209)).toBe(true);
    expect(out.results.pool.location).toBe('west of the main building');
  });

  it('finds the main roof and scores the property', async () => {
    const out = await analyzer.analyze(poolScene, { source: 'tiles', gsd_m_per_px: 0.15, gsd_source: 'map-zoom' });
    const roofFinding = out.evidence.findings.find((f) => f.feature === 'roof')!;
    expect(roofFinding).toBeDefined();
    // On the drawn 160×120 px roof (432 m² at 0.15 m): at least its larger part, never the yard around it.
    expect(inside(roofFinding, 200, 140, 360, 260, 12)).toBe(true);
    expect(roofFinding.area_m2).toBeGreaterThan(0.4 * 432);
    expect(roofFinding.area_m2).toBeLessThan(1.2 * 432);
    expect(out.evidence.assessable).toBe(true);
    expect(out.results.risk_score).toBe(out.evidence.score_breakdown.reduce((s, i) => s + i.points, 0));
    expect(out.evidence.score_breakdown.map((i) => i.factor)).toContain('pool');
    expect(out.evidence.recommendations.some((r) => /fence/.test(r))).toBe(true);
  });

  it('describes the pool nearest the house, not a larger one across the yard', async () => {
    // A 5 × 3 m pool 6 m east of the house, and a 12 × 6 m one by the west edge, 21 m away (a neighbour's).
    const twoPools = await scene(600, 400, [
      ...house,
      rect(395, 180, 433, 206, coping),
      rect(400, 185, 428, 201, poolWater),
      rect(15, 165, 105, 215, coping),
      rect(20, 170, 100, 210, poolWater),
    ]);
    const out = await analyzer.analyze(twoPools, { source: 'tiles', gsd_m_per_px: 0.15, gsd_source: 'map-zoom', north_up: true });
    expect(out.evidence.findings.filter((f) => f.feature === 'pool')).toHaveLength(2);
    expect(out.results.pool.location).toMatch(/^(north-|south-)?east of the main building$/);
    expect(out.evidence.recommendations.join(' ')).toMatch(/pool (north-|south-)?east of the main building/);
  });

  it('finds no pool where there is none', async () => {
    const plain = await scene(600, 400, house);
    const out = await analyzer.analyze(plain, { source: 'upload', gsd_m_per_px: 0.15 });
    expectConformant(out);
    expect(out.results.pool).toEqual({ present: false, location: '', condition: 'none' });
    expect(out.results.spa.present).toBe(false);
  });

  it('calls a small round body beside the pool a spa, and the same body alone nothing', async () => {
    // 2 m square tubs at 0.15 m (13 px): one 2 m from the pool's coping, one alone across the yard.
    const tub = (x0: number, y0: number) => [rect(x0 - 3, y0 - 3, x0 + 16, y0 + 16, coping), rect(x0, y0, x0 + 13, y0 + 13, poolWater)];
    const withPool = await scene(600, 400, [
      ...house,
      rect(420, 170, 486, 214, coping),
      rect(425, 175, 481, 209, poolWater),
      ...tub(440, 230),
    ]);
    const beside = await analyzer.analyze(withPool, { source: 'upload', gsd_m_per_px: 0.15 });
    expect(beside.results.pool.present).toBe(true);
    expect(beside.results.spa.present).toBe(true);
    const alone = await scene(600, 400, [...house, ...tub(60, 300)]);
    const out = await analyzer.analyze(alone, { source: 'upload', gsd_m_per_px: 0.15 });
    expect(out.results.spa.present).toBe(false);
    expect(out.evidence.findings.some((f) => f.feature === 'spa')).toBe(false);
  });

  it('follows a thin wire across a drone photo, and sees none when it is absent', async () => {
    // Close-range photo, unknown scale: a 3-px dark wire crossing a textured field.
    const field: Paint = (_x, _y, r) => {
      const n = (r() - 0.5) * 40;
      return [150 + n, 140 + n, 110 + n];
    };
    const wire: Paint = (x, y) => (Math.abs(y - (80 + 0.35 * x)) <= 1.5 ? [40, 40, 45] : null);
    const withWire = await scene(540, 360, [field, wire], 7);
    const out = await analyzer.analyze(withWire, { source: 'upload' });
    expectConformant(out);
    const lines = out.evidence.findings.filter((f) => f.feature === 'power_line');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const [x, y] of lines[0].polygon) expect(Math.abs(y - (80 + 0.35 * x))).toBeLessThan(6);
    expect(out.results.power_lines.proximity).not.toBe('none');
    const without = await analyzer.analyze(await scene(540, 360, [field], 7), { source: 'upload' });
    expect(without.evidence.findings.some((f) => f.feature === 'power_line')).toBe(false);
    expect(without.results.power_lines).toEqual({ crossing_property: false, proximity: 'none' });
  });

  it('on aerial images, keeps only lines long enough to be a span between poles', async () => {
    const field: Paint = (_x, _y, r) => {
      const n = (r() - 0.5) * 40;
      return [150 + n, 140 + n, 110 + n];
    };
    const wire: Paint = (x, y) => (Math.abs(y - (60 + 0.3 * x)) <= 1 ? [235, 235, 240] : null);
    const picture = await scene(540, 360, [field, wire], 11);
    const lines = (gsd: number) =>
      analyzer
        .analyze(picture, { source: 'upload', gsd_m_per_px: gsd })
        .then((out) => out.evidence.findings.filter((f) => f.feature === 'power_line'));
    // The same 540-px line is 81 m long at 0.15 m per pixel (a map tile), but only 27 m at 0.05 m: an edge
    // within a lot, not a wire.
    expect((await lines(0.15)).length).toBeGreaterThanOrEqual(1);
    expect(await lines(0.05)).toEqual([]);
  });

  it('says a dark image cannot be assessed instead of guessing', async () => {
    const dark = await scene(300, 200, [(_x, _y, r) => [r() * 12, r() * 12, r() * 12]]);
    const out = await analyzer.analyze(dark, { source: 'upload' });
    expectConformant(out);
    expect(out.evidence.assessable).toBe(false);
    expect(out.results.risk_score).toBeNull();
    expect(out.evidence.unassessable_reasons.join(' ')).toMatch(/too dark/);
    expect(out.evidence.findings).toEqual([]);
  });

  it('says a blank (featureless) image cannot be assessed', async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#8a8f80' } })
      .png()
      .toBuffer();
    const out = await analyzer.analyze(blank, { source: 'upload' });
    expectConformant(out);
    expect(out.evidence.assessable).toBe(false);
    expect(out.evidence.unassessable_reasons.join(' ')).toMatch(/blurred or featureless/);
  });

  it('says a greyscale image cannot be assessed, rather than finding no pool, no trees and a low risk', async () => {
    // The urban canopy tile (120 trees by its source), in grey: as a grey JPEG and as grey saved as RGB.
    const colour = await analyzer.analyze(fixture('chico_2020_55.png'), { source: 'upload', gsd_m_per_px: 0.6 });
    expect(colour.evidence.unassessable_reasons.join(' ')).not.toMatch(/greyscale/);
    for (const grey of [
      await sharp(fixture('chico_2020_55.png')).grayscale().jpeg({ quality: 90 }).toBuffer(),
      await sharp(fixture('chico_2020_55.png')).grayscale().toColourspace('srgb').png().toBuffer(),
    ]) {
      const out = await analyzer.analyze(grey, { source: 'upload', gsd_m_per_px: 0.6 });
      expectConformant(out);
      expect(out.evidence.assessable).toBe(false);
      expect(out.results.risk_score).toBeNull();
      expect(out.evidence.unassessable_reasons).toContain(
        'The image has no colour (it is greyscale), so water, vegetation and the roof cannot be judged; upload a colour image.',
      );
      expect(out.evidence.findings).toEqual([]);
      // A sharper grey image would not help, and no building was looked for.
      expect(out.evidence.recommendations).toEqual([COLOUR_IMAGE]);
      expect(out.evidence.defensible_space).toMatchObject({ status: 'no_building', note: 'the image could not be assessed' });
    }
  });

  it('says an image without a building cannot be scored, but still reports what it saw', async () => {
    const out = await analyzer.analyze(fixture('OSBS_029.png'), { source: 'upload', gsd_m_per_px: 0.1 });
    if (!out.evidence.assessable) {
      expect(out.results.risk_score).toBeNull();
      expect(out.evidence.unassessable_reasons.join(' ')).toMatch(/No building/);
      expect(out.results.trees.count).toBeGreaterThan(0);
    } else {
      expect(out.evidence.findings.some((f) => f.feature === 'roof')).toBe(true);
    }
  });

  it('refuses unreadable bytes with a typed error', async () => {
    await expect(analyzer.analyze(Buffer.from('GIF89a but not really'), { source: 'upload' })).rejects.toBeInstanceOf(ImageDecodeError);
  });
});
