// npm run eval -- --property [--labels tests/eval/property.json] [--root ../shared/eval] [--unknown-gsd | --both]
//                             [--only KIND] [--json FILE] [--overlays DIR] [--pin] [--as-uploaded]
//        npm run eval -- --property --compare BEFORE.json AFTER.json   (two --json runs, image by image: eval-compare.ts)
// Whole-property evaluation: every field of every image is labelled (tests/eval/property.json, by eye), so a
// false pool on a solar tile or a false wire on a roof counts. Prints per-feature precision/recall/F1 over the
// images where that feature is labelled, the false-finding rate on images labelled without it, the subject
// building's box IoU, roof style, band agreement (the analyzer's band against the band the scoring module gives
// the labels themselves), what happens on images without a building, and the slowest image. With --pin, each image
// with a labelled subject is analysed as if its owner had marked the centre of that box ("Wrong building?" on the
// results screen): what the analyzer finds once the owner has said which building is theirs. With --as-uploaded, each
// image first goes through the upload pipeline (ingestImage: JPEG re-encoded at quality 90), as the product stores it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnalyzerOutput } from '../server/analyzer/contract';
import { buildOutput, detect } from '../server/analyzer/local/analyzer';
import { classifyRoofStyle, roofFeatures, roofInBox, type RoofFeatures } from '../server/analyzer/local/roof-analysis';
import { roofShapeInImageBox } from '../server/analyzer/local/roof-shape';
import { scaledBox } from '../server/analyzer/local/raster';
import { buildingBlobs } from '../server/analyzer/local/subject';
import { riskBand } from '../server/analyzer/scoring';
import { ingestImage } from '../server/ingest/ingest-image';
import {
  confusion,
  confusionCells,
  drawOverlay,
  fmt,
  judgesProperty,
  predictedPresence,
  subjectFinding,
  SUBJECT_FOUND_IOU,
  tally,
  type PresenceQuestion,
} from './eval-shared';
import { runCompare } from './eval-compare';
import { labelBand, labelScoreOnLabelledFields, propertySetSchema, type PropertyRecord } from './property-labels';

type Flag = PresenceQuestion;
const FLAGS: Flag[] = ['building', 'pool', 'spa', 'solar', 'power_lines_visible', 'power_lines_over', 'trees_touching', 'trees_present'];

export function boxIoU(a: number[], b: number[]): number {
  const iw = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const ih = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = iw * ih;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

interface Row {
  rec: PropertyRecord;
  out: AnalyzerOutput | null;
  error?: string;
  ms: number;
  iou: number | null;
  /**
   * The best box IoU of any blob of the building map (split at necks, as the subject rule sees them) with the
   * labelled subject box: what the rule could have found with the map as it is (null: no box or no map).
   */
  offeredIoU: number | null;
  /** Roof style read on the labelled subject box (apart from the subject choice), where a style is labelled. */
  boxStyle: string | null;
  boxFeatures: RoofFeatures | null;
}

const pct = (n: number, d: number) => (d ? `${n}/${d} = ${((100 * n) / d).toFixed(0)} %` : '–');

async function evaluate(
  records: PropertyRecord[],
  root: string,
  withheld: boolean,
  overlays?: string,
  pin = false,
  asUploaded = false,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const rec of records) {
    const file = readFileSync(join(root, rec.file));
    // --as-uploaded: the bytes the product stores and analyses (re-encoded by the upload pipeline).
    const bytes = asUploaded ? (await ingestImage(file)).buffer : file;
    const t = performance.now();
    const row: Row = { rec, out: null, ms: 0, iou: null, offeredIoU: null, boxStyle: null, boxFeatures: null };
    try {
      const box = rec.subject_box;
      const [iw, ih] = rec.image_size;
      const subject_point = pin && box ? { x: (box[0] + box[2]) / 2 / iw, y: (box[1] + box[3]) / 2 / ih } : null;
      const context = { gsd_m_per_px: withheld ? null : rec.gsd_m_per_px, source: 'upload', subject_point };
      const d = await detect(bytes, context);
      row.out = buildOutput(d, context, performance.now() - t);
      const labelled = rec.subject_box;
      if (labelled && d.buildings) {
        const { sx, sy } = d.scene;
        row.offeredIoU = Math.max(
          0,
          ...buildingBlobs(d.scene, d.buildings).components.map((c) => boxIoU(scaledBox(c.x0, c.y0, c.x1, c.y1, sx, sy), labelled)),
        );
      }
      if (rec.subject_box && rec.labels.roof_style && !d.quality.length) {
        const b = rec.subject_box;
        const shape = await roofShapeInImageBox(d.decoded, b);
        row.boxFeatures = { ...roofFeatures(d.scene, roofInBox(d.scene, d.buildings ?? null, b)), ...shape };
        row.boxStyle = classifyRoofStyle(row.boxFeatures).style;
      }
    } catch (e) {
      row.error = (e as Error).message;
    }
    row.ms = performance.now() - t;
    const subject = row.out && subjectFinding(row.out);
    if (rec.subject_box && subject) {
      const xs = subject.polygon.map((p) => p[0]);
      const ys = subject.polygon.map((p) => p[1]);
      row.iou = boxIoU([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], rec.subject_box);
    } else if (rec.subject_box) row.iou = 0;
    if (overlays && row.out) {
      // The labelled subject box in white, dashed, under what the analyzer found.
      const b = rec.subject_box;
      const box = b
        ? `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" fill="none" stroke="white" stroke-dasharray="6 4" stroke-width="${Math.max(1, rec.image_size[0] / 300)}"/>`
        : '';
      await drawOverlay(
        join(root, rec.file),
        row.out,
        join(overlays, `${withheld ? 'withheld' : 'given'}__${rec.file.replace(/\//g, '__').replace(/\.\w+$/, '.png')}`),
        box,
      );
    }
    rows.push(row);
    if (rows.length % 25 === 0) process.stderr.write(`  ${rows.length}/${records.length} images\n`);
  }
  return rows;
}

function report(title: string, rows: Row[]): string {
  const ok = rows.filter((r) => r.out);
  const lines = [`### ${title} (${rows.length} images${rows.length - ok.length ? `, ${rows.length - ok.length} failed` : ''})`, ''];
  lines.push(
    '| feature | labelled | pos | TP | FP | FN | TN | precision | recall | F1 | false-finding rate |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const f of FLAGS) {
    const c = confusion(ok.map((r) => [r.rec.labels[f], predictedPresence(r.out!, f)]));
    lines.push(`| ${f} | ${confusionCells(c)} | ${pct(c.fp, c.fp + c.tn)} |`);
  }
  lines.push('');
  const withBuilding = ok.filter((r) => r.rec.subject_box);
  const isFound = (r: Row) => (r.iou ?? 0) >= SUBJECT_FOUND_IOU;
  const found = withBuilding.filter(isFound).length;
  const meanIoU = withBuilding.reduce((s, r) => s + (r.iou ?? 0), 0) / Math.max(1, withBuilding.length);
  lines.push(`- Subject building found (box IoU ≥ 0.5): ${pct(found, withBuilding.length)}; mean box IoU ${fmt(meanIoU)}`);
  // Map or rule: a subject the map never offered as a blob is the map's miss; one it offered and the rule passed
  // over (or chose another blob) is the rule's.
  const offered = withBuilding.filter((r) => (r.offeredIoU ?? 0) >= SUBJECT_FOUND_IOU);
  lines.push(
    `  - offered by the building map (a blob, split at necks, with box IoU ≥ 0.5): ${pct(offered.length, withBuilding.length)}; chosen by the subject rule on ${offered.filter(isFound).length} of them`,
  );
  const kinds = [...new Set(withBuilding.map((r) => r.rec.kind))].sort();
  lines.push(
    `  - by kind: ${kinds
      .map((k) => {
        const of = withBuilding.filter((r) => r.rec.kind === k);
        return `${k} ${of.filter(isFound).length}/${of.length}`;
      })
      .join(', ')}`,
  );
  const styled = ok.filter((r) => r.rec.labels.roof_style);
  const styleOk = styled.filter((r) => r.out!.results.roof.style === r.rec.labels.roof_style).length;
  lines.push(
    `- Roof style: ${pct(styleOk, styled.length)} (${tally(styled.map((r) => `${r.rec.labels.roof_style}→${r.out!.results.roof.style}`))})`,
  );
  // The same labels read on the labelled subject box: the classifier's own error, apart from the subject choice.
  const boxOk = styled.filter((r) => r.boxStyle === r.rec.labels.roof_style).length;
  lines.push(
    `- Roof style on the labelled subject box: ${pct(boxOk, styled.length)} (${tally(styled.map((r) => `${r.rec.labels.roof_style}→${r.boxStyle ?? 'none'}`))})`,
  );
  const half = (odd: number) => styled.filter((_, k) => k % 2 === odd);
  lines.push(
    `  - by position among the styled images: even ${pct(half(0).filter((r) => r.boxStyle === r.rec.labels.roof_style).length, half(0).length)}, odd ${pct(half(1).filter((r) => r.boxStyle === r.rec.labels.roof_style).length, half(1).length)}`,
  );
  const cond = ok.filter((r) => r.rec.labels.roof_condition);
  const condOk = cond.filter((r) => r.out!.results.roof.condition === r.rec.labels.roof_condition).length;
  lines.push(`- Roof condition: ${pct(condOk, cond.length)}`);
  for (const [what, band] of [
    ["labelled fields; unlabelled ones take the analyzer's value", (r: Row) => riskBand(labelScoreOnLabelledFields(r.rec, r.out!))],
    ['labels alone; unlabelled = absent, unsure roof = unknown', (r: Row) => labelBand(r.rec)],
  ] as const) {
    const agree = ok.filter((r) => riskBand(r.out!.results.risk_score) === band(r)).length;
    const bands = tally(ok.map((r) => `${band(r) ?? 'none'}→${riskBand(r.out!.results.risk_score) ?? 'none'}`));
    lines.push(`- Band agreement (${what}): ${pct(agree, ok.length)} (labels' band → analyzer's band: ${bands})`);
  }
  const empty = ok.filter((r) => !r.rec.labels.building);
  const judged = empty.filter((r) => judgesProperty(r.out!.results)).length;
  lines.push(`- Images without a building given a score or a roof condition: ${judged}/${empty.length}`);
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  const slowest = rows.reduce((a, b) => (b.ms > a.ms ? b : a), rows[0]);
  lines.push(
    `- Time per image (decode + analysis, this machine): median ${fmt(ms[Math.floor(ms.length / 2)], 0)} ms, max ${fmt(slowest?.ms ?? null, 0)} ms (${slowest?.rec.file})`,
  );
  const failures = rows.filter((r) => r.error);
  if (failures.length) lines.push(`- Failed: ${failures.map((r) => `${r.rec.file}: ${r.error}`).join('; ')}`);
  return lines.join('\n');
}

export async function runPropertyEval(args: string[]): Promise<void> {
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const compare = args.indexOf('--compare');
  if (compare >= 0) {
    const [beforePath, afterPath] = args.slice(compare + 1, compare + 3);
    if (!beforePath || !afterPath || [beforePath, afterPath].some((p) => p.startsWith('--') || !existsSync(p))) {
      console.error('--compare takes two files written by --property --json: BEFORE.json AFTER.json.');
      process.exit(2);
    }
    runCompare(beforePath, afterPath);
    return;
  }
  const labelsPath = resolve(opt('--labels') ?? 'tests/eval/property.json');
  const root = resolve(opt('--root') ?? join(process.cwd(), '..', 'shared', 'eval'));
  if (!existsSync(root)) {
    console.error(`Evaluation images not found: ${root} does not exist. The images live outside the product; pass --root DIR.`);
    process.exit(2);
  }
  const parsed = propertySetSchema.safeParse(JSON.parse(readFileSync(labelsPath, 'utf8')));
  if (!parsed.success) {
    console.error(`The property labels are not valid:\n${parsed.error.issues.map((i) => `- ${i.message}`).join('\n')}`);
    process.exit(2);
  }
  const only = opt('--only');
  const records = parsed.data.filter((r) => !only || r.kind === only || r.file.startsWith(only));
  const passes = args.includes('--unknown-gsd') ? [true] : args.includes('--known-gsd') ? [false] : [false, true];
  const started = performance.now();
  const byKind = new Map<string, number>();
  for (const r of records) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + 1);
  const out: string[] = [];
  const json: Record<string, unknown>[] = [];
  for (const withheld of passes) {
    const pin = args.includes('--pin');
    const rows = await evaluate(records, root, withheld, opt('--overlays'), pin, args.includes('--as-uploaded'));
    const title = withheld ? 'ground resolution withheld (as an upload without metadata arrives)' : 'ground resolution given';
    out.push('', report(pin ? `${title}, the owner's mark at the centre of the labelled subject` : title, rows));
    for (const r of rows) {
      const subject = r.out && subjectFinding(r.out);
      json.push({
        file: r.rec.file,
        kind: r.rec.kind,
        withheld,
        ms: Math.round(r.ms),
        iou: r.iou,
        offered_iou: r.offeredIoU,
        box_style: r.boxStyle,
        box_features: r.boxFeatures,
        subject_confidence: subject?.confidence ?? null,
        subject_box: subject
          ? [
              Math.min(...subject.polygon.map((p) => p[0])),
              Math.min(...subject.polygon.map((p) => p[1])),
              Math.max(...subject.polygon.map((p) => p[0])),
              Math.max(...subject.polygon.map((p) => p[1])),
            ]
          : null,
        gsd: r.out?.evidence.provenance.gsd_m_per_px ?? null,
        gsd_basis: r.out?.evidence.provenance.gsd_basis ?? null,
        labels: r.rec.labels,
        findings: r.out?.evidence.findings.map((f) => ({ feature: f.feature, confidence: f.confidence, note: f.note })),
        results: r.out?.results,
        assessable: r.out?.evidence.assessable,
        label_band: labelBand(r.rec),
        label_band_fields: r.out ? riskBand(labelScoreOnLabelledFields(r.rec, r.out)) : null,
        error: r.error,
      });
    }
  }
  console.log(
    `# Whole-property evaluation — ${new Date().toISOString().slice(0, 10)}, ${records.length} images (${[...byKind].map(([k, v]) => `${k} ${v}`).join(', ')}), ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(out.join('\n'));
  const jsonOut = opt('--json');
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(json, null, 1));
}
