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
