// Pieces both evaluation tools use (scripts/eval.ts: the per-source dev set; scripts/eval-property.ts: the
// whole-property set): what the analyzer's result says about a feature, precision/recall/F1 rows, overlays.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import type { AnalysisResults, AnalyzerOutput } from '../server/analyzer/contract';

/** Every presence question either label set asks of a result. */
export type PresenceQuestion =
  'building' | 'pool' | 'spa' | 'solar' | 'trees_present' | 'trees_touching' | 'power_lines_visible' | 'power_lines_over';

/** The analyzer's subject building: its roof finding on an assessable result. */
export function subjectFinding(out: AnalyzerOutput) {
  if (!out.evidence.assessable) return null;
  return out.evidence.findings.find((f) => f.feature === 'roof') ?? null;
}

/** What a result says about one feature: the one predicate both evaluations score. */
export function predictedPresence(out: AnalyzerOutput, q: PresenceQuestion): boolean {
  return q === 'building' ? subjectFinding(out) !== null : presenceInResults(out.results, q);
}

/** What the results alone say about a feature (every question but the building, which needs the evidence). */
export function presenceInResults(r: AnalysisResults, q: Exclude<PresenceQuestion, 'building'>): boolean {
  switch (q) {
    case 'pool':
      return r.pool.present;
    case 'spa':
      return r.spa.present;
    case 'solar':
      return r.solar.present;
    case 'trees_present':
      return r.trees.count > 0;
    case 'trees_touching':
      return r.trees.overhanging;
    case 'power_lines_visible':
      return r.power_lines.crossing_property || r.power_lines.proximity !== 'none';
    case 'power_lines_over':
      return r.power_lines.proximity === 'over_structure';
  }
}

/** A labelled subject counts as found when the analyzer's subject box overlaps it by this IoU or more. */
export const SUBJECT_FOUND_IOU = 0.5;

/** Whether a result judges the property anyway: a score or a roof condition (wrong where there is no building). */
export const judgesProperty = (r: AnalysisResults) => r.risk_score !== null || r.roof.condition !== 'unknown';

export const fmt = (v: number | null, d = 2) => (v === null || Number.isNaN(v) ? '–' : v.toFixed(d));

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** Counts over (label, prediction) pairs; null labels are skipped. */
export function confusion(pairs: Iterable<[boolean | null | undefined, boolean]>): Confusion {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const [label, p] of pairs) {
    if (label === null || label === undefined) continue;
    if (label && p) c.tp++;
    else if (!label && p) c.fp++;
    else if (label) c.fn++;
    else c.tn++;
  }
  return c;
}

/** `| n | pos | TP | FP | FN | TN | precision | recall | F1 |` cells of a confusion. */
export function confusionCells(c: Confusion): string {
  const prec = c.tp + c.fp ? c.tp / (c.tp + c.fp) : null;
  const rec = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
  const f1 = prec !== null && rec !== null && prec + rec > 0 ? (2 * prec * rec) / (prec + rec) : null;
  return `${c.tp + c.fp + c.fn + c.tn} | ${c.tp + c.fn} | ${c.tp} | ${c.fp} | ${c.fn} | ${c.tn} | ${fmt(prec)} | ${fmt(rec)} | ${fmt(f1)}`;
}

const COLOURS: Record<string, string> = {
  pool: '#00e5ff',
  spa: '#ff00ff',
  tree: '#00ff00',
  roof: '#ffff00',
  solar: '#ff8800',
  power_line: '#ff0000',
  damage: '#ff0088',
  other: '#ffffff',
};

/** Draws what was found on the image (and any extra SVG, e.g. a labelled box) into `file` as PNG. */
export async function drawOverlay(image: string, out: AnalyzerOutput, file: string, extraSvg = ''): Promise<void> {
  const w = out.evidence.provenance.width;
  const h = out.evidence.provenance.height;
  const shapes = out.evidence.findings
    .map(
      (f) =>
        `<polygon points="${f.polygon.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${COLOURS[f.feature]}" stroke-width="${Math.max(1, w / 400)}"/>`,
    )
    .join('');
  const r = out.results;
  const label = `score ${r.risk_score ?? '–'} pool ${r.pool.present} trees ${r.trees.count}/${r.trees.proximity} roof ${r.roof.style}/${r.roof.condition} solar ${r.solar.present} wires ${r.power_lines.proximity}`;
  const svg = `<svg width="${w}" height="${h}" xmlns="http://www.w3.org/2000/svg">${shapes}${extraSvg}<text x="4" y="${Math.max(12, h / 40)}" font-size="${Math.max(10, h / 40)}" fill="white" stroke="black" stroke-width="0.5">${label}</text></svg>`;
  mkdirSync(dirname(file), { recursive: true });
  await sharp(image)
    .autoOrient()
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toFile(file);
}

/** "a→b 3, a→c 1" from a list of "a→b" keys, sorted. */
export function tally(keys: string[]): string {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}
