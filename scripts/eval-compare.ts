// npm run eval -- --property --compare BEFORE.json AFTER.json
// Image by image, what changed between two whole-property runs (`--property --json FILE` of each): for the subject
// building, each presence finding, roof style and band agreement, the images a candidate got right that the other
// got wrong, and the reverse. Totals hide churn: a model that finds 20 subjects the other misses and loses 23 it
// found moves the total by 3, which is seed luck, not a better model (decision 013zn). Reads the two files only; runs
// no analysis.
import { readFileSync } from 'node:fs';
import type { AnalysisResults } from '../server/analyzer/contract';
import { riskBand } from '../server/analyzer/scoring';
import { judgesProperty, presenceInResults, SUBJECT_FOUND_IOU } from './eval-shared';

/** One image of a `--property --json` run (the fields this comparison reads). */
export interface RunRow {
  file: string;
  withheld: boolean;
  iou: number | null;
  labels: Record<string, boolean | string | null>;
  results?: AnalysisResults;
  label_band_fields: string | null;
  error?: string;
}

export interface MeasureChange {
  measure: string;
  /** Images the second run gets right and the first got wrong. */
  gained: string[];
  /** Images the first run got right and the second gets wrong. */
  lost: string[];
  /** Images judged by this measure in both runs. */
  judged: number;
}

/** Whether a run got one measure right on one image; null where the measure does not judge it. */
const MEASURES: [string, (r: RunRow) => boolean | null][] = [
  [`subject building found (box IoU ≥ ${SUBJECT_FOUND_IOU})`, (r) => (r.labels.building ? (r.iou ?? 0) >= SUBJECT_FOUND_IOU : null)],
  ['no score or roof condition without a building', (r) => (r.labels.building === false && r.results ? !judgesProperty(r.results) : null)],
  ...(['pool', 'spa', 'solar', 'trees_touching', 'power_lines_over'] as const).map((q): [string, (r: RunRow) => boolean | null] => [
    q,
    (r) => (typeof r.labels[q] === 'boolean' && r.results ? presenceInResults(r.results, q) === r.labels[q] : null),
  ]),
  ['roof style', (r) => (typeof r.labels.roof_style === 'string' && r.results ? r.results.roof.style === r.labels.roof_style : null)],
  ['band agreement (labelled fields)', (r) => (r.results ? riskBand(r.results.risk_score) === r.label_band_fields : null)],
];

/** Per pass (ground resolution given, withheld), each measure's gains and losses from `before` to `after`. */
export function compareRuns(before: RunRow[], after: RunRow[]): { withheld: boolean; changes: MeasureChange[]; unmatched: number }[] {
  const key = (r: RunRow) => `${r.withheld ? 1 : 0} ${r.file}`;
  const earlier = new Map(before.map((r) => [key(r), r]));
  return [false, true]
    .filter((withheld) => after.some((r) => r.withheld === withheld))
    .map((withheld) => {
      const rows = after.filter((r) => r.withheld === withheld);
      const pairs = rows.flatMap((r) => {
        const b = earlier.get(key(r));
        return b ? [[b, r] as const] : [];
      });
      const changes = MEASURES.map(([measure, right]) => {
        const change: MeasureChange = { measure, gained: [], lost: [], judged: 0 };
        for (const [b, a] of pairs) {
          const was = right(b);
          const now = right(a);
          if (was === null || now === null) continue;
          change.judged += 1;
          if (now && !was) change.gained.push(a.file);
          if (was && !now) change.lost.push(a.file);
        }
        return change;
      });
      return { withheld, changes, unmatched: rows.length - pairs.length };
    });
}

export function compareReport(before: RunRow[], after: RunRow[], list = 12): string {
  const lines: string[] = [];
  for (const pass of compareRuns(before, after)) {
    lines.push('', `### ground resolution ${pass.withheld ? 'withheld' : 'given'}`, '');
    if (pass.unmatched) lines.push(`(${pass.unmatched} images of the second run are not in the first)`, '');
    lines.push('| measure | judged | gained | lost | net |', '|---|---|---|---|---|');
    for (const c of pass.changes) {
      const net = c.gained.length - c.lost.length;
      lines.push(`| ${c.measure} | ${c.judged} | ${c.gained.length} | ${c.lost.length} | ${net > 0 ? '+' : ''}${net} |`);
    }
    for (const c of pass.changes.filter((m) => m.gained.length || m.lost.length)) {
      const names = (files: string[]) =>
        files.length > list ? `${files.slice(0, list).join(', ')} and ${files.length - list} more` : files.join(', ');
      lines.push('', `- ${c.measure}:`);
      if (c.gained.length) lines.push(`  - gained: ${names(c.gained)}`);
      if (c.lost.length) lines.push(`  - lost: ${names(c.lost)}`);
    }
  }
  return lines.join('\n');
}

export function runCompare(beforePath: string, afterPath: string): void {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as RunRow[];
  console.log(`# Whole-property runs compared: ${beforePath} → ${afterPath}`);
  console.log(compareReport(read(beforePath), read(afterPath)));
}
