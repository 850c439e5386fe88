// Bounded and format-blind: images with no structure to latch onto must still finish: a lot wall-to-wall under tree canopy (the crown
// search once ran without end there, its distance field having no edge) and a uniform image.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzerOutputSchema } from '../../../server/analyzer/contract';
import { createLocalAnalyzer } from '../../../server/analyzer/local/analyzer';
import { decodeImage } from '../../../server/analyzer/local/decode';
import { distanceTransform } from '../../../server/analyzer/local/raster';
import { coarseScene } from '../../../server/analyzer/local/scene';
import { treeCandidates } from '../../../server/analyzer/local/vegetation';

/** Leafy canopy filling the whole frame: crown-sized bright/dark blobs of green with some noise. */
async function allCanopy(w = 300, h = 300): Promise<Buffer> {
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const buf = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = 0.2 * rnd() + 0.8 * (0.5 + 0.5 * Math.sin(x / 5) * Math.sin(y / 5));
      buf.set([15 + v * 70, 40 + v * 130, 10 + v * 50], (y * w + x) * 3);
    }
  }
  return sharp(buf, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

describe('analyses that have nothing to separate still finish', () => {
  it('the distance transform of a mask with no pixel set is finite', () => {
    const d = distanceTransform(new Uint8Array(100), 10, 10);
    expect(Math.max(...d)).toBeLessThanOrEqual(Math.hypot(10, 10));
  });

  it('finds crowns in canopy that fills the whole frame', async () => {
    const { scene } = coarseScene(await decodeImage(await allCanopy()), 0.1);
    const cand = treeCandidates(scene);
    expect(cand.canopy.every((v) => v === 1)).toBe(true);
    expect(cand.crowns.length).toBeGreaterThan(0);
  });

  const analyzer = createLocalAnalyzer();
  it.each([
    ['wall-to-wall canopy at 0.1 m', () => allCanopy(), 0.1],
    ['wall-to-wall canopy, resolution unknown', () => allCanopy(), null],
    [
      'a uniform grey image',
      () =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: '#7f7f7f' } })
          .png()
          .toBuffer(),
      0.15,
    ],
  ] as const)('%s', async (_name, image, gsd) => {
    const out = await analyzer.analyze(await image(), { source: 'upload', gsd_m_per_px: gsd });
    expect(analyzerOutputSchema.safeParse(out).success).toBe(true);
    // Nothing here is a building: no roof judgement and no score.
    expect(out.results.roof.condition).toBe('unknown');
  });
});

describe('the same pixels give the same result whatever the file format', () => {
  it('PNG, GIF, lossless WebP and lossless TIFF of one palette image analyse alike', async () => {
    const { readFileSync } = await import('node:fs');
    const tile = readFileSync(new URL('../../fixtures/images/chico_2020_55.png', import.meta.url));
    // At most 256 colours, so the GIF holds exactly the pixels every other format holds.
    const gif = await sharp(tile).gif({ colours: 256, dither: 0 }).toBuffer();
    const { data, info } = await sharp(gif).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const same = () => sharp(data, { raw: info });
    const files = {
      gif,
      png: await same().png().toBuffer(),
      webp: await same().webp({ lossless: true }).toBuffer(),
      tiff: await same().tiff({ compression: 'lzw' }).toBuffer(),
    };
    const analyzer = createLocalAnalyzer();
    const results = await Promise.all(
      Object.values(files).map(async (bytes) => (await analyzer.analyze(bytes, { source: 'upload', gsd_m_per_px: 0.6 })).results),
    );
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
  });
});

describe('a frame covering far more ground than a property', () => {
  it('reads the building map at a coarser scale within the model’s pixel budget', async () => {
    const { loadModels, runSegmentation } = await import('../../../server/analyzer/local/models');
    const building = (await loadModels()).get('building');
    expect(building?.entry.input.max_pixels).toBeGreaterThan(0);
    const budget = building!.entry.input.max_pixels!;
    const w = 1600;
    const h = 1200;
    const plane = () => new Float32Array(w * h).fill(0.4);
    const img = { w, h, r: plane(), g: plane(), b: plane() };
    // onnxruntime's own session, observed (not replaced): how many pixels it is given.
    const session = building!.session;
    const run = session.run.bind(session);
    let fed = 0;
    session.run = ((feeds: Record<string, { dims: readonly number[] }>, ...rest: unknown[]) => {
      const dims = Object.values(feeds)[0].dims;
      fed += dims[2] * dims[3];
      return (run as (...a: unknown[]) => unknown)(feeds, ...rest);
    }) as typeof session.run;
    try {
      // 0.6 m per pixel: 960 m × 720 m, 7.7 MP at the model's 0.3 m.
      const [map] = await runSegmentation(building!, img, 0.6);
      expect(map.length).toBe(w * h);
      // Overlapping tiles feed at most about twice the budget; without it the model would see 7.7 MP.
      expect(fed).toBeLessThanOrEqual(2 * budget);
      expect(fed).toBeGreaterThan(budget / 2);
    } finally {
      session.run = run;
    }
  });
});
