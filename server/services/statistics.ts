// Statistics for the history and aerial-risk screens, each one aggregate query. Spec §3: analysis
// statistics count finished analyses; an unassessable one (no score) counts in the total but in
// no band. Risk factors use the same rules as the history filters.
import type { Viewer } from '../auth/context.js';
import type { Db } from '../db.js';
import { RISK_BAND_HIGH_FROM, RISK_BAND_MEDIUM_FROM } from '../domain/constants.js';
import { FAILURE, failingAs } from './messages.js';

export interface AnalysisStatistics {
  total_analyses: number;
  /** Done but not scored (the image could not support a judgement): with the bands, adds up to the total. */
  not_assessable: number;
  risk_scores: { low: number; medium: number; high: number };
  risk_factors: { pools: number; spas: number; trees_overhanging: number; power_lines: number };
}

export interface RiskZoneStatistics {
  total_zones: number;
  risk_levels: { low: number; medium: number; high: number };
  last_updated: Date | null;
}

type Counts = Record<string, bigint | number | null>;
const n = (value: bigint | number | null | undefined) => Number(value ?? 0);

export async function analysisStatistics(db: Db, viewer: Viewer): Promise<AnalysisStatistics> {
  return failingAs(FAILURE.analysisStatistics, async () => {
    const [row] = await db.$queryRaw<Counts[]>`
      SELECT count(*) AS total,
        count(*) FILTER (WHERE risk_score < ${RISK_BAND_MEDIUM_FROM}) AS low,
        count(*) FILTER (WHERE risk_score >= ${RISK_BAND_MEDIUM_FROM} AND risk_score < ${RISK_BAND_HIGH_FROM}) AS medium,
        count(*) FILTER (WHERE risk_score >= ${RISK_BAND_HIGH_FROM}) AS high,
        count(*) FILTER (WHERE risk_score IS NULL) AS not_assessable,
        count(*) FILTER (WHERE has_pool) AS pools,
        count(*) FILTER (WHERE has_spa) AS spas,
        count(*) FILTER (WHERE trees_overhanging) AS trees,
        count(*) FILTER (WHERE has_power_lines) AS power_lines
      FROM analyses WHERE owner_id = ${viewer.uid} AND status = 'done'`;
    return {
      total_analyses: n(row?.total),
      not_assessable: n(row?.not_assessable),
      risk_scores: { low: n(row?.low), medium: n(row?.medium), high: n(row?.high) },
      risk_factors: {
        pools: n(row?.pools),
        spas: n(row?.spas),
        trees_overhanging: n(row?.trees),
        power_lines: n(row?.power_lines),
      },
    };
  });
}

export async function riskZoneStatistics(db: Db, viewer: Viewer): Promise<RiskZoneStatistics> {
  return failingAs(FAILURE.riskZoneStatistics, async () => {
    const [row] = await db.$queryRaw<(Counts & { last_updated: Date | null })[]>`
      SELECT count(*) AS total,
        count(*) FILTER (WHERE risk_level = 'low') AS low,
        count(*) FILTER (WHERE risk_level = 'medium') AS medium,
        count(*) FILTER (WHERE risk_level = 'high') AS high,
        max(created_at) AS last_updated
      FROM risk_zones WHERE owner_id = ${viewer.uid}`;
    return {
      total_zones: n(row?.total),
      risk_levels: { low: n(row?.low), medium: n(row?.medium), high: n(row?.high) },
      last_updated: row?.last_updated ? new Date(row.last_updated) : null,
    };
  });
}
