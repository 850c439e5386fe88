// Statistics for the history and aerial-risk screens, each one aggregate query. Spec §3: analysis
// statistics count finished analyses; an unassessable one (no score) counts in the total but in
// no band. Failed and unfinished analyses are counted apart, so the screen can say why the history lists more.
// Risk factors use the same rules as the history filters. Domain shapes: REST's snake_case
// records are made in rest/, GraphQL exposes these as they are.
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import { RISK_BAND_HIGH_FROM, RISK_BAND_MEDIUM_FROM } from '../../common/constants';
import { FAILURE, failingAs } from './messages';

export interface RiskBands {
  low: number;
  medium: number;
  high: number;
}

export interface AnalysisStatistics {
  totalAnalyses: number;
  /** Done but not scored (the image could not support a judgement): with the bands, adds up to the total. */
  notAssessable: number;
  riskScores: RiskBands;
  riskFactors: { pools: number; spas: number; treesOverhanging: number; powerLines: number };
  /** Not in the total: analyses that failed (no result), and those queued or running. */
  failed: number;
  inProgress: number;
}

export interface RiskZoneStatistics {
  totalZones: number;
  riskLevels: RiskBands;
  lastUpdated: Date | null;
}

type Counts = Record<string, bigint | number | null>;
const n = (value: bigint | number | null | undefined) => Number(value ?? 0);

export async function analysisStatistics(db: Db, viewer: Viewer): Promise<AnalysisStatistics> {
  return failingAs(FAILURE.analysisStatistics, async () => {
    const [row] = await db.$queryRaw<Counts[]>`
      SELECT count(*) FILTER (WHERE done) AS total,
        count(*) FILTER (WHERE done AND risk_score < ${RISK_BAND_MEDIUM_FROM}) AS low,
        count(*) FILTER (WHERE done AND risk_score >= ${RISK_BAND_MEDIUM_FROM} AND risk_score < ${RISK_BAND_HIGH_FROM}) AS medium,
        count(*) FILTER (WHERE done AND risk_score >= ${RISK_BAND_HIGH_FROM}) AS high,
        count(*) FILTER (WHERE done AND risk_score IS NULL) AS not_assessable,
        count(*) FILTER (WHERE done AND has_pool) AS pools,
        count(*) FILTER (WHERE done AND has_spa) AS spas,
        count(*) FILTER (WHERE done AND trees_overhanging) AS trees,
        count(*) FILTER (WHERE done AND has_power_lines) AS power_lines,
        count(*) FILTER (WHERE status = 'failed') AS failed,
        count(*) FILTER (WHERE status IN ('queued', 'running')) AS in_progress
      FROM (SELECT *, status = 'done' AS done FROM analyses WHERE owner_id = ${viewer.uid}) AS mine`;
    return {
      totalAnalyses: n(row?.total),
      notAssessable: n(row?.not_assessable),
      riskScores: { low: n(row?.low), medium: n(row?.medium), high: n(row?.high) },
      riskFactors: { pools: n(row?.pools), spas: n(row?.spas), treesOverhanging: n(row?.trees), powerLines: n(row?.power_lines) },
      failed: n(row?.failed),
      inProgress: n(row?.in_progress),
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
      totalZones: n(row?.total),
      riskLevels: { low: n(row?.low), medium: n(row?.medium), high: n(row?.high) },
      lastUpdated: row?.last_updated ? new Date(row.last_updated) : null,
    };
  });
}
