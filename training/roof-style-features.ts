// Roof-style features of every labelled roof of the whole-property set (tests/eval/property.json), read on the
// labelled subject box exactly as `npm run eval -- --property` does, with the ground resolution given and
// withheld. Prints JSON lines (file, position among the styled images, label, withheld, features) for
// choosing the roof-style rules on the even positions.
//   npx tsx training/roof-style-features.ts [--root ../shared/eval] > features.jsonl
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detect } from '../server/analyzer/local/analyzer';
import { boxIoU } from '../scripts/eval-property';
import { roofFeatures, roofInBox } from '../server/analyzer/local/roof-analysis';
import { maskBox } from '../server/analyzer/local/raster';
import { roofShapeInImageBox } from '../server/analyzer/local/roof-shape';
import { propertySetSchema } from '../scripts/property-labels';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = resolve(rootArg >= 0 ? args[rootArg + 1] : join(process.cwd(), '..', 'shared', 'eval'));
const records = propertySetSchema.parse(JSON.parse(readFileSync('tests/eval/property.json', 'utf8')));
const styled = records.filter((r) => r.labels.roof_style && r.subject_box);
for (const withheld of [false, true]) {
  for (const [position, rec] of styled.entries()) {
    const d = await detect(readFileSync(join(root, rec.file)), { gsd_m_per_px: withheld ? null : rec.gsd_m_per_px, source: 'upload' });
    if (d.quality.length) continue;
    const row = { file: rec.file, kind: rec.kind, position, label: rec.labels.roof_style, withheld };
    const b = rec.subject_box!;
    // The roof-shape network on the labelled box (analysed-image pixels → working pixels), as on a subject roof.
    const boxShape = await roofShapeInImageBox(d.decoded, b);
    const features = { ...roofFeatures(d.scene, roofInBox(d.scene, d.buildings ?? null, b)), ...boxShape };
    console.log(JSON.stringify({ ...row, roof: 'box', features }));
    // The analyzer's own subject roof too, wherever it overlaps the labelled box: at analysis time the style is
    // read on that mask, whose outline differs from the map cut by the box (and is often part of the roof only).
    const iou = d.roof ? boxIoU(maskBox(d.roof.mask, d.scene.w, d.scene.sx, d.scene.sy)!, rec.subject_box!) : 0;
    if (d.roof && iou > 0)
      console.log(JSON.stringify({ ...row, roof: 'subject', iou, features: { ...roofFeatures(d.scene, d.roof), ...d.roofShape } }));
  }
}
