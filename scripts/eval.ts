// npm run eval -- --property …: the whole-property evaluation (scripts/eval-property.ts).
// npm run eval -- --manifest ../shared/eval/manifest.json [--split tune|test|all] [--no-models]
//                  [--all-models] [--unknown-gsd] [--only PREFIX] [--overlays DIR] [--json FILE]
// --unknown-gsd withholds each image's ground resolution, as an upload without metadata arrives.
// Scores the local analyzer against the labelled dev images (a development tool; not part of npm test).
// The dev set is split deterministically: within each source folder, records sorted by the SHA-256 of their
// path, the first half is "tune" (thresholds were chosen looking at it) and the second half "test" (held out:
// the figures to report). Only labels the source gives are scored (null = not scored).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { AnalyzerOutput } from '../server/analyzer/contract';
import { buildOutput, detect } from '../server/analyzer/local/analyzer';
import { fillPolygon, type Pt } from '../server/analyzer/local/geometry';
import { distanceTransform } from '../server/analyzer/local/raster';
import { runPropertyEval } from './eval-property';
import { confusion, confusionCells, drawOverlay, fmt, predictedPresence, tally, type PresenceQuestion } from './eval-shared';

interface Rec {
  file: string;
  gsd_m_per_px: number | null;
  image_size: [number, number];
  labels: Record<'pool' | 'spa' | 'trees' | 'tree_overhang' | 'solar' | 'power_lines', boolean | null> & {
    roof_style: string | null;
    roof_condition: string | null;
  };
  boxes_or_masks: null | { mask?: string; count?: number; points?: unknown[]; boxes?: unknown[]; polygons?: unknown[] };
  label_quality?: string;
}

const args = process.argv.slice(2);
if (args.includes('--property')) {
  await runPropertyEval(args);
  process.exit(0);
}
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const manifestPath = resolve(opt('--manifest') ?? join(process.cwd(), '..', 'shared', 'eval', 'manifest.json'));
if (!existsSync(manifestPath)) {
  console.error(
    `Evaluation data not found: ${manifestPath} does not exist.\n` +
      'The dev images live outside the product (../shared/eval, internal use only). Pass --manifest PATH.',
  );
  process.exit(2);
}
const root = dirname(manifestPath);
const splitArg = (opt('--split') ?? 'all') as 'tune' | 'test' | 'all';
const only = opt('--only');
const overlays = opt('--overlays');
const jsonOut = opt('--json');
const useModels = !args.includes('--no-models');
const allModels = args.includes('--all-models');
const unknownGsd = args.includes('--unknown-gsd');
const modelSet = allModels ? ['pool', 'tree', 'solar', 'power_line'] : undefined;

const all: Rec[] = JSON.parse(readFileSync(manifestPath, 'utf8'));
const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const splitOf = new Map<string, 'tune' | 'test'>();
const byFolder = new Map<string, Rec[]>();
for (const r of all) {
  const folder = r.file.split('/')[0];
  byFolder.set(folder, [...(byFolder.get(folder) ?? []), r]);
}
for (const recs of byFolder.values()) {
  const sorted = recs.slice().sort((a, b) => hash(a.file).localeCompare(hash(b.file)));
  sorted.forEach((r, i) => splitOf.set(r.file, i < Math.ceil(sorted.length / 2) ? 'tune' : 'test'));
}
const records = all.filter((r) => (splitArg === 'all' || splitOf.get(r.file) === splitArg) && (!only || r.file.startsWith(only)));

interface Row {
  rec: Rec;
  split: 'tune' | 'test';
  out: AnalyzerOutput | null;
  error?: string;
  ms: number;
  poolIoU?: { inter: number; union: number; pred: number; gt: number };
  wire?: { tpP: number; nP: number; tpG: number; nG: number };
  treeCount?: { pred: number; gt: number };
}

async function maskOf(path: string, w: number, h: number): Promise<Uint8Array> {
  const buf = await sharp(join(root, path)).greyscale().resize(w, h, { kernel: 'nearest', fit: 'fill' }).raw().toBuffer();
  const m = new Uint8Array(w * h);
  for (let i = 0; i < m.length; i++) m[i] = buf[i] > 127 ? 1 : 0;
  return m;
}

function rasterise(out: AnalyzerOutput, features: string[], w: number, h: number): Uint8Array {
  const m = new Uint8Array(w * h);
  for (const f of out.evidence.findings) {
    if (!features.includes(f.feature)) continue;
    const poly = f.polygon as Pt[];
    const filled = fillPolygon(poly, w, h);
    for (let i = 0; i < m.length; i++) m[i] |= filled[i];
    // Thin bands can fall between pixel centres: also mark the vertices' pixels.
    for (const [x, y] of poly) {
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi >= 0 && yi >= 0 && xi < w && yi < h) m[yi * w + xi] = 1;
    }
  }
  return m;
}

const rows: Row[] = [];
const started = performance.now();
for (const rec of records) {
  const bytes = readFileSync(join(root, rec.file));
  const t = performance.now();
  const row: Row = { rec, split: splitOf.get(rec.file)!, out: null, ms: 0 };
  try {
    const gsd = unknownGsd ? null : rec.gsd_m_per_px;
    const d = await detect(bytes, { gsd_m_per_px: gsd, source: 'upload' }, { useModels, models: modelSet });
    row.out = buildOutput(d, { gsd_m_per_px: gsd, source: 'upload' }, performance.now() - t);
  } catch (e) {
    row.error = (e as Error).message;
  }
  row.ms = performance.now() - t;
  const out = row.out;
  if (out) {
    const w = out.evidence.provenance.width;
    const h = out.evidence.provenance.height;
    const mask = rec.boxes_or_masks?.mask;
    if (mask && rec.labels.pool !== null && rec.file.startsWith('pools_')) {
      const gt = await maskOf(mask, w, h);
      const pred = rasterise(out, ['pool', 'spa'], w, h);
      let inter = 0;
      let union = 0;
      let np = 0;
      let ng = 0;
      for (let i = 0; i < gt.length; i++) {
        inter += gt[i] & pred[i];
        union += gt[i] | pred[i];
        np += pred[i];
        ng += gt[i];
      }
      row.poolIoU = { inter, union, pred: np, gt: ng };
    }
    if (mask && rec.labels.power_lines !== null) {
      const gt = await maskOf(mask, w, h);
      const pred = rasterise(out, ['power_line'], w, h);
      const dGt = distanceTransform(gt, w, h);
      const dPred = distanceTransform(pred, w, h);
      let tpP = 0;
      let nP = 0;
      let tpG = 0;
      let nG = 0;
      for (let i = 0; i < gt.length; i++) {
        if (pred[i]) {
          nP++;
          if (dGt[i] <= 3) tpP++;
        }
        if (gt[i]) {
          nG++;
          if (dPred[i] <= 3) tpG++;
        }
      }
      row.wire = { tpP, nP, tpG, nG };
    }
    const gtCount =
      rec.boxes_or_masks?.count ??
      rec.boxes_or_masks?.points?.length ??
      (rec.file.startsWith('trees_') ? rec.boxes_or_masks?.boxes?.length : undefined);
    if (rec.labels.trees !== null && rec.file.startsWith('trees_'))
      row.treeCount = { pred: out.results.trees.count, gt: rec.labels.trees ? (gtCount ?? 0) : 0 };
    if (overlays) await drawRecOverlay(rec, out, overlays);
  }
  rows.push(row);
  if (rows.length % 25 === 0) process.stderr.write(`  ${rows.length}/${records.length} images\n`);
}
const wallS = (performance.now() - started) / 1000;

type Presence = 'pool' | 'spa' | 'trees' | 'tree_overhang' | 'solar' | 'power_lines';
/** The dev set's label names, asked as the whole-property set asks them. */
const QUESTION: Record<Presence, PresenceQuestion> = {
  pool: 'pool',
  spa: 'spa',
  trees: 'trees_present',
  tree_overhang: 'trees_touching',
  solar: 'solar',
  power_lines: 'power_lines_visible',
};

function report(split: string, subset: Row[]): string {
  const lines: string[] = [];
  const ok = subset.filter((r) => r.out);
  lines.push(`### ${split} (${subset.length} images${subset.length - ok.length ? `, ${subset.length - ok.length} failed` : ''})`);
  lines.push('', '| feature | n | pos | TP | FP | FN | TN | precision | recall | F1 |', '|---|---|---|---|---|---|---|---|---|---|');
  for (const f of ['pool', 'spa', 'trees', 'tree_overhang', 'solar', 'power_lines'] as Presence[]) {
    const c = confusion(ok.map((r) => [r.rec.labels[f], predictedPresence(r.out!, QUESTION[f])]));
    if (c.tp + c.fp + c.fn + c.tn) lines.push(`| ${f} | ${confusionCells(c)} |`);
  }
  const ious = ok.filter((r) => r.poolIoU);
  if (ious.length) {
    const inter = ious.reduce((s, r) => s + r.poolIoU!.inter, 0);
    const union = ious.reduce((s, r) => s + r.poolIoU!.union, 0);
    const mean = ious.reduce((s, r) => s + (r.poolIoU!.union ? r.poolIoU!.inter / r.poolIoU!.union : 1), 0) / ious.length;
    lines.push('', `- Pool pixel IoU (${ious.length} masks): pooled ${fmt(inter / union)}, mean per image ${fmt(mean)}`);
  }
  const trees = ok.filter((r) => r.treeCount);
  for (const [name, group] of [
    ['urban NAIP 0.6 m', trees.filter((r) => r.rec.file.startsWith('trees_urban'))],
    ['NEON forest 0.1 m', trees.filter((r) => r.rec.file.startsWith('trees_deepforest'))],
  ] as const) {
    if (!group.length) continue;
    const mae = group.reduce((s, r) => s + Math.abs(r.treeCount!.pred - r.treeCount!.gt), 0) / group.length;
    const bias = group.reduce((s, r) => s + (r.treeCount!.pred - r.treeCount!.gt), 0) / group.length;
    const gtMean = group.reduce((s, r) => s + r.treeCount!.gt, 0) / group.length;
    lines.push(
      `- Tree count, ${name} (${group.length} images, mean ${fmt(gtMean, 1)} trees): MAE ${fmt(mae, 1)} (${fmt((100 * mae) / Math.max(1, gtMean), 0)}% of the mean), bias ${bias >= 0 ? '+' : ''}${fmt(bias, 1)}`,
    );
  }
  const wires = ok.filter((r) => r.wire);
  if (wires.length) {
    const s = wires.reduce(
      (a, r) => ({ tpP: a.tpP + r.wire!.tpP, nP: a.nP + r.wire!.nP, tpG: a.tpG + r.wire!.tpG, nG: a.nG + r.wire!.nG }),
      { tpP: 0, nP: 0, tpG: 0, nG: 0 },
    );
    const p = s.nP ? s.tpP / s.nP : 0;
    const rc = s.nG ? s.tpG / s.nG : 0;
    const f1s = wires.map((r) => {
      const pp = r.wire!.nP ? r.wire!.tpP / r.wire!.nP : 0;
      const rr = r.wire!.nG ? r.wire!.tpG / r.wire!.nG : 0;
      return pp + rr ? (2 * pp * rr) / (pp + rr) : 0;
    });
    lines.push(
      `- Power-line pixels, 3-px tolerance (${wires.length} masks): precision ${fmt(p)}, recall ${fmt(rc)}, F1 ${fmt(p + rc ? (2 * p * rc) / (p + rc) : 0)} (mean per-image F1 ${fmt(f1s.reduce((a, b) => a + b, 0) / f1s.length)})`,
    );
  }
  for (const [name, group] of [
    ['clean labels', ok.filter((r) => r.rec.labels.roof_style && r.rec.label_quality !== 'disputed_by_source_docs')],
    ['disputed labels (not a target)', ok.filter((r) => r.rec.labels.roof_style && r.rec.label_quality === 'disputed_by_source_docs')],
  ] as const) {
    if (!group.length) continue;
    const correct = group.filter((r) => r.out!.results.roof.style === r.rec.labels.roof_style).length;
    lines.push(
      `- Roof style, ${name}: ${correct}/${group.length} = ${fmt(correct / group.length)} (${tally(group.map((r) => `${r.rec.labels.roof_style}→${r.out!.results.roof.style}`))})`,
    );
  }
  const cond = ok.filter((r) => r.rec.labels.roof_condition);
  if (cond.length) {
    lines.push(
      `- Roof condition (source words → ours): ${cond.map((r) => `${r.rec.labels.roof_condition}→${r.out!.results.roof.condition}`).join(', ')}`,
    );
  }
  const nob = ok.filter((r) => r.rec.label_quality === 'no_building');
  if (nob.length) lines.push(`- Empty lots said unassessable: ${nob.filter((r) => !r.out!.evidence.assessable).length}/${nob.length}`);
  const ms = subset.map((r) => r.ms).sort((a, b) => a - b);
  lines.push(
    `- Latency per image (decode + analysis, this machine): median ${fmt(ms[Math.floor(ms.length / 2)], 0)} ms, p90 ${fmt(ms[Math.floor(ms.length * 0.9)], 0)} ms`,
  );
  return lines.join('\n');
}

const modelNote = !useModels ? 'classical only' : allModels ? 'all installed models' : 'default models';
console.log(
  `# Local analyzer evaluation — ${new Date().toISOString().slice(0, 10)}, ${modelNote}${unknownGsd ? ', ground resolution withheld' : ''}, ${records.length} images, ${wallS.toFixed(0)} s`,
);
if (splitArg === 'all') {
  console.log(
    '\n' +
      report(
        'held-out test half (report these)',
        rows.filter((r) => r.split === 'test'),
      ),
  );
  console.log(
    '\n' +
      report(
        'tune half (thresholds chosen on it)',
        rows.filter((r) => r.split === 'tune'),
      ),
  );
} else console.log('\n' + report(splitArg, rows));
const failures = rows.filter((r) => r.error);
if (failures.length) console.log(`\nFailed: ${failures.map((r) => `${r.rec.file}: ${r.error}`).join('; ')}`);
if (jsonOut) {
  writeFileSync(
    jsonOut,
    JSON.stringify(
      rows.map((r) => ({
        file: r.rec.file,
        split: r.split,
        labels: r.rec.labels,
        ms: Math.round(r.ms),
        results: r.out?.results,
        assessable: r.out?.evidence.assessable,
        poolIoU: r.poolIoU,
        wire: r.wire,
        treeCount: r.treeCount,
        error: r.error,
      })),
      null,
      1,
    ),
  );
}

function drawRecOverlay(rec: Rec, out: AnalyzerOutput, dir: string): Promise<void> {
  return drawOverlay(join(root, rec.file), out, join(dir, rec.file.replace(/\//g, '__').replace(/\.\w+$/, '.png')));
}
