// Flat columns of an analysis for spreadsheets: the history export (rest/exports.ts) and portfolio batch
// results (services/batches.ts) share them, so both files read alike.
import type { AnalysisResults } from '../analyzer/contract';
import { bandFor } from '../../common/constants';
import type { Db } from '../db';
import type { Analysis } from '../generated/prisma/client';
import { scoreOf } from './analyses';

/**
 * Why an analysis has no score, in one cell: why it failed, or a finished one's unassessable reasons (`reasons`, from
 * `withUnassessableReasons`). Null when it has a score or is still running.
 */
export function reasonColumn(row: Pick<Analysis, 'status' | 'error' | 'riskScore'> & { reasons?: string[] }): string | null {
  if (row.status === 'failed') return row.error ?? null;
  if (row.status !== 'done' || scoreOf(row) !== null) return null;
  return (row.reasons ?? []).join(' ') || null;
}

/**
 * The unassessable reasons of the finished rows without a score, in one query that reads only that part of their
 * evidence (the rest, every finding's outline, is what a spreadsheet page leaves unread).
 */
export async function withUnassessableReasons<R extends Pick<Analysis, 'id' | 'status' | 'riskScore'>>(
  db: Db,
  rows: R[],
): Promise<(R & { reasons?: string[] })[]> {
  const ids = rows.filter((row) => row.status === 'done' && row.riskScore === null).map((row) => row.id);
  if (ids.length === 0) return rows;
  const found = await db.$queryRaw<{ id: string; reasons: unknown }[]>`
    SELECT id::text AS id, evidence->'unassessable_reasons' AS reasons FROM analyses WHERE id = ANY(${ids}::uuid[])`;
  const byId = new Map(
    found.map((f) => [f.id, Array.isArray(f.reasons) ? f.reasons.filter((r): r is string => typeof r === 'string') : []]),
  );
  return rows.map((row) => (byId.has(row.id) ? { ...row, reasons: byId.get(row.id) } : row));
}

/** Every feature of a result as flat columns (null until done): the exports' and batch results' shared part. */
export function resultColumns(r: AnalysisResults | null) {
  return {
    pool: r?.pool.present ?? null,
    pool_condition: r?.pool.condition ?? null,
    spa: r?.spa.present ?? null,
    trees_overhanging: r?.trees.overhanging ?? null,
    tree_count: r?.trees.count ?? null,
    trees_proximity: r?.trees.proximity ?? null,
    roof_style: r?.roof.style ?? null,
    roof_condition: r?.roof.condition ?? null,
    solar: r?.solar.present ?? null,
    solar_coverage_percentage: r?.solar.coverage_percentage ?? null,
    power_lines_crossing: r?.power_lines.crossing_property ?? null,
    power_lines_proximity: r?.power_lines.proximity ?? null,
    additional_risks: r ? r.additional_risks.join('; ') : null,
  };
}

/** The rounded score of a finished analysis and its band, or nulls. */
export function scoreColumns(row: Pick<Analysis, 'status' | 'riskScore'> | null) {
  const score = row ? scoreOf(row) : null;
  return { risk_score: score, risk_band: score === null ? null : bandFor(score) };
}

/**
 * The findings a batch compares with a row's earlier result (decision 026): each named as its results column and
 * read at one path of the stored results (`resultColumns`, `property_condition`); every one holds a boolean or a
 * word of the analysis contract. Left out: the measured quantities (the tree count, the solar coverage), which move a
 * little on every run without the property changing, and the additional risks, free sentences that carry
 * measurements too (the local analyzer's canopy share) and that Claude words afresh on every run; the score and band
 * comparison covers their effect.
 */
export const COMPARED_FINDINGS = [
  ['pool', ['pool', 'present']],
  ['pool_condition', ['pool', 'condition']],
  ['spa', ['spa', 'present']],
  ['trees_overhanging', ['trees', 'overhanging']],
  ['trees_proximity', ['trees', 'proximity']],
  ['roof_style', ['roof', 'style']],
  ['roof_condition', ['roof', 'condition']],
  ['solar', ['solar', 'present']],
  ['power_lines_crossing', ['power_lines', 'crossing_property']],
  ['power_lines_proximity', ['power_lines', 'proximity']],
  ['property_condition', ['property_condition']],
] as const satisfies readonly (readonly [string, readonly string[]])[];

export type ComparedFinding = (typeof COMPARED_FINDINGS)[number][0];

/** One finding that differs from the earlier result: its column, and both values as the results columns print them. */
export interface FindingChange {
  field: ComparedFinding;
  before: string;
  after: string;
}

function valueAt(results: unknown, path: readonly string[]): unknown {
  let value: unknown = results;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value ?? null;
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The compared findings that differ between an earlier result and a later one, from their findings keys
 * (`findingsKey`, the values in `COMPARED_FINDINGS` order), so the list says what the count and filter compare: none
 * when the keys are equal. Null when either result has no key (no result, or one stored by a server before the key
 * during an upgrade): such a row is not compared finding by finding.
 */
export function changedFindings(beforeKey: string | null, afterKey: string | null): FindingChange[] | null {
  if (beforeKey === null || afterKey === null) return null;
  if (beforeKey === afterKey) return [];
  const [before, after] = [JSON.parse(beforeKey), JSON.parse(afterKey)] as [unknown[], unknown[]];
  return COMPARED_FINDINGS.flatMap(([field], i) =>
    JSON.stringify(before[i] ?? null) === JSON.stringify(after[i] ?? null)
      ? []
      : [{ field, before: cellText(before[i]), after: cellText(after[i]) }],
  );
}

/**
 * The compared findings of a result as one text (the `findings_key` column, decision 026): two results with the same
 * key have the same compared findings, as `changedFindings` tells them apart. It is the text PostgreSQL gives the JSON
 * array of those values (`[true, "clean", …]`, elements after ", "; booleans and strings, as the contract puts at
 * those paths), so the migration that added the column filled it for the results stored before it with the same SQL
 * (`jsonb_build_array(…)::text`) and keys from either side compare equal.
 */
export function findingsKey(results: unknown): string {
  return `[${COMPARED_FINDINGS.map(([, path]) => JSON.stringify(valueAt(results, path))).join(', ')}]`;
}

/**
 * The changes in one cell: "pool: false → true; roof_condition: poor → good" (a missing value as "—"); empty when
 * none, null when not compared.
 */
export function changedFindingsCell(changes: FindingChange[] | null): string | null {
  return changes === null ? null : changes.map((c) => `${c.field}: ${c.before || '—'} → ${c.after || '—'}`).join('; ');
}
