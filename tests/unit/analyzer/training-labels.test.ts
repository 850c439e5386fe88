// The building boxes drawn by eye for the building map's fine-tune (training/labels/fresno_buildings.json and
// cannes_buildings.json, decision 013e) stay valid and stay apart from the evaluation: rectangles inside their
// tile (and inside the labelled window where there is one), and no tile that the whole-property set
// (tests/eval/property.json) scores.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const rect = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
const schema = z.object({
  about: z.string().min(1),
  images: z.array(z.object({ file: z.string().min(1), window: rect.optional(), buildings: z.array(rect), unsure: z.array(rect) })),
});
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const sets = [
  { name: 'fresno_buildings.json', folder: 'solar_fresno_kaggle/images/', tilePx: 101, min: 50 },
  { name: 'cannes_buildings.json', folder: 'pools_kOussama_cannes/images/', tilePx: 512, min: 30 },
];

describe.each(sets)('the boxed tiles of $name', ({ name, folder, tilePx, min }) => {
  const labels = schema.parse(read(`../../../training/labels/${name}`));

  it('holds distinct tiles of its source, most with a building, every box non-empty inside its tile or window', () => {
    expect(labels.images.length).toBeGreaterThanOrEqual(min);
    expect(labels.images.every((r) => r.file.startsWith(folder))).toBe(true);
    expect(new Set(labels.images.map((r) => r.file)).size).toBe(labels.images.length);
    expect(labels.images.filter((r) => r.buildings.length > 0).length).toBeGreaterThan(labels.images.length * 0.6);
    for (const r of labels.images) {
      const [wx0, wy0, wx1, wy1] = r.window ?? [0, 0, tilePx, tilePx];
      expect(wx0 >= 0 && wy0 >= 0 && wx1 <= tilePx && wy1 <= tilePx, `${r.file}: window`).toBe(true);
      for (const [x0, y0, x1, y1] of [...r.buildings, ...r.unsure]) {
        const box = `${r.file}: [${x0}, ${y0}, ${x1}, ${y1}]`;
        expect(x0 >= wx0 && y0 >= wy0 && x1 <= wx1 && y1 <= wy1, box).toBe(true);
        expect(x1 > x0 && y1 > y0, box).toBe(true);
      }
    }
  });

  it('shares no tile with the whole-property evaluation set', () => {
    const evaluated = new Set((read('../../eval/property.json') as { file: string }[]).map((r) => r.file.replace(/^train\//, '')));
    expect(labels.images.filter((r) => evaluated.has(r.file)).map((r) => r.file)).toEqual([]);
  });
});
