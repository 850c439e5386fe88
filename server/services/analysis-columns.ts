// Flat columns of an analysis for spreadsheets: the history export (rest/exports.ts) and portfolio batch
// results (services/batches.ts) share them, so both files read alike.
import type { AnalysisResults } from '../analyzer/contract';
import { bandFor } from '../../common/constants';
import type { Analysis } from '../generated/prisma/client';
import { scoreOf } from './analyses';

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
