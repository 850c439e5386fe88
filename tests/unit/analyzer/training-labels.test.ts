// The building boxes drawn by eye for the building map's fine-tune (training/labels/fresno_buildings.json,
// decision 013e) stay valid and stay apart from the evaluation: rectangles inside the 101 px tiles, and no tile
// that the whole-property set (tests/eval/property.json) scores.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const rect = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
const schema = z.object({
  about: z.string().min(1),
  images: z.array(
    z.object({ file: z.string().startsWith('solar_fresno_kaggle/images/'), buildings: z.array(rect), unsure: z.array(rect) }),
  ),
});
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

describe('the boxed Fresno tiles the building map is fine-tuned on', () => {
  const labels = schema.parse(read('../../../training/labels/fresno_buildings.json'));

  it('holds distinct tiles, most with a building, every box inside its 101 px tile and not empty', () => {
    expect(labels.images.length).toBeGreaterThanOrEqual(50);
    expect(new Set(labels.images.map((r) => r.file)).size).toBe(labels.images.length);
    expect(labels.images.filter((r) => r.buildings.length > 0).length).toBeGreaterThan(labels.images.length * 0.75);
    for (const r of labels.images)
      for (const [x0, y0, x1, y1] of [...r.buildings, ...r.unsure]) {
        expect([x0, y0].every((v) => v >= 0) && x1 <= 101 && y1 <= 101, `${r.file}: [${x0}, ${y0}, ${x1}, ${y1}]`).toBe(true);
        expect(x1 > x0 && y1 > y0, `${r.file}: [${x0}, ${y0}, ${x1}, ${y1}]`).toBe(true);
      }
  });

  it('shares no tile with the whole-property evaluation set', () => {
    const evaluated = new Set((read('../../eval/property.json') as { file: string }[]).map((r) => r.file.replace(/^train\//, '')));
    expect(labels.images.filter((r) => evaluated.has(r.file)).map((r) => r.file)).toEqual([]);
  });
});
