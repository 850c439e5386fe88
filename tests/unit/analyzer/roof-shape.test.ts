// The roof-shape network (decision 013r): the crop it reads (the roof's box grown by 8 % of its larger side, shrunk
// by averaging as its training crops were), the committed model answering flat / gable / hip probabilities on a
// real roof, and the roof-style model falling back to the other features when the network did not run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detect } from '../../../server/analyzer/local/analyzer';
import type { RgbImage } from '../../../server/analyzer/local/decode';
import { loadModels } from '../../../server/analyzer/local/models';
import { classifyRoofStyle, roofFeatures, roofInBox } from '../../../server/analyzer/local/roof-analysis';
import { maskBoxInWork, roofCrop, roofShape } from '../../../server/analyzer/local/roof-shape';
import { buildScene } from '../../../server/analyzer/local/scene';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));

function image(w: number, h: number, value: (x: number, y: number) => number): RgbImage {
  const r = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) r[y * w + x] = value(x, y);
  return { w, h, r, g: r.slice(), b: r.slice() };
}

describe('the roof crop', () => {
  it('grows the box by 8 % of its larger side each way and clips it to the image', () => {
    // Pixel x holds x / 1000: the crop's first and last columns tell where it starts and ends.
    const img = image(400, 200, (x) => x / 1000);
    const crop = roofCrop(img, [100, 50, 200, 150], 10);
    // Box 100 px wide grown by 8 px: x from 92 to 208; ten output pixels of 11.6 px, averaged.
    expect(crop.r[0]).toBeCloseTo((92 + 5.8 - 0.5) / 1000, 2);
    expect(crop.r[9]).toBeCloseTo((208 - 5.8 - 0.5) / 1000, 2);
    // At the image's edge the grown box stops there.
    const edge = roofCrop(img, [0, 0, 50, 50], 10);
    expect(edge.r[0]).toBeCloseTo((2.7 - 0.5) / 1000, 2);
  });

  it('averages what it shrinks, so a fine checker comes out grey rather than aliased', () => {
    const checker = image(96, 96, (x, y) => ((x + y) % 2 ? 1 : 0));
    const crop = roofCrop(checker, [0, 0, 96, 96], 12);
    for (const v of crop.r) expect(Math.abs(v - 0.5)).toBeLessThan(0.1);
  });

  it('maps a scene mask to working pixels', () => {
    const mask = new Uint8Array(50 * 40);
    for (let y = 10; y < 20; y++) for (let x = 5; x < 15; x++) mask[y * 50 + x] = 1;
    expect(maskBoxInWork(mask, { w: 50, h: 40 }, { w: 200, h: 160 })).toEqual([20, 40, 60, 80]);
    expect(maskBoxInWork(new Uint8Array(50 * 40), { w: 50, h: 40 }, { w: 200, h: 160 })).toBeNull();
  });
});

describe('the committed roof-shape network', () => {
  it('is in the manifest as a classifier of flat, gable and hip', async () => {
    const model = (await loadModels()).get('roof_shape');
    expect(model?.entry.kind).toBe('classifier');
    expect(model?.entry.classes).toEqual(['flat', 'gable', 'hip']);
  });

  it('reads the subject roof of a real tile: three probabilities summing to one', async () => {
    const d = await detect(fixture('chico_2020_55.png'), { source: 'upload', gsd_m_per_px: 0.6 });
    expect(d.roof).not.toBeNull();
    expect(d.modelsUsed).toContain('roof_shape');
    const s = d.roofShape!;
    for (const p of [s.shapeFlat, s.shapeGable, s.shapeHip]) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(s.shapeFlat + s.shapeGable + s.shapeHip).toBeCloseTo(1, 4);
    // Left out of the models, the network does not run and the roof is still styled.
    const without = await detect(
      fixture('chico_2020_55.png'),
      { source: 'upload', gsd_m_per_px: 0.6 },
      { models: ['building', 'pool', 'solar'] },
    );
    expect(without.modelsUsed).not.toContain('roof_shape');
    expect(without.roofShape).toBeNull();
  });

  it('reads the same probabilities on the same crop, whatever else is in the frame', async () => {
    const model = (await loadModels()).get('roof_shape')!;
    const roof = image(120, 120, (x, y) => (y < 60 ? 0.45 : 0.75));
    const a = await roofShape(model, roof, [20, 20, 100, 100]);
    const b = await roofShape(model, roof, [20, 20, 100, 100]);
    expect(a).toEqual(b);
  });
});

describe('the roof-style model without the network', () => {
  it('gives the network features their training mean, leaving the roof geometry to decide', () => {
    const grey = new Float32Array(160 * 120).fill(0.3);
    for (let y = 40; y < 80; y++) for (let x = 40; x < 120; x++) grey[y * 160 + x] = y < 60 ? 0.45 : 0.75;
    const scene = buildScene({ w: 160, h: 120, r: grey, g: grey.slice(), b: grey.slice() }, { mPerPx: 0.25, known: true });
    const f = roofFeatures(scene, roofInBox(scene, null, [40, 40, 120, 80]));
    const weights = JSON.parse(
      readFileSync(new URL('../../../server/analyzer/local/weights/roof-style.json', import.meta.url), 'utf8'),
    ) as {
      features: string[];
      mean: number[];
    };
    const at = (name: string) => weights.mean[weights.features.indexOf(name)];
    expect(weights.features).toEqual(expect.arrayContaining(['shapeFlat', 'shapeGable', 'shapeHip']));
    const atMean = classifyRoofStyle({ ...f, shapeFlat: at('shapeFlat'), shapeGable: at('shapeGable'), shapeHip: at('shapeHip') });
    expect(classifyRoofStyle(f)).toEqual(atMean);
    // A sure flat reading moves the answer's probabilities: the network is heard when it ran.
    const sureFlat = classifyRoofStyle({ ...f, shapeFlat: 1, shapeGable: 0, shapeHip: 0 });
    expect(sureFlat).not.toEqual(atMean);
  });
});
