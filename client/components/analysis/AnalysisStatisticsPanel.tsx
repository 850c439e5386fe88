import { graphql, useFragment } from 'react-relay';
import type { AnalysisStatisticsPanel_user$key } from '../../__generated__/AnalysisStatisticsPanel_user.graphql';
import { countLabel, uncounted } from './format';
import { bandTextClasses } from './riskBand';

function Stat({ label, value, className = 'text-slate-900 dark:text-white' }: { label: string; value: number; className?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold tabular-nums ${className}`}>{value}</dd>
    </div>
  );
}

/** spec §3 "Analysis statistics": totals, score bands and how often each risk factor was found. */
export function AnalysisStatisticsPanel({ user }: { user: AnalysisStatisticsPanel_user$key }) {
  const { analysisStatistics: stats } = useFragment(
    graphql`
      fragment AnalysisStatisticsPanel_user on User {
        analysisStatistics {
          totalAnalyses
          notAssessable
          riskScores {
            low
            medium
            high
          }
          riskFactors {
            pools
            spas
            treesOverhanging
            powerLines
          }
          failed
          inProgress
        }
      }
    `,
    user,
  );
  return (
    <section
      aria-labelledby="analysis-stats-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="analysis-stats-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Analysis statistics
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{countLabel(stats.totalAnalyses, 'analysis', 'analyses')} in total</p>
      </div>
      {/* The bands and "Not assessable" add up to the total: an analysis with no score is in no band. */}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Total analyses" value={stats.totalAnalyses} />
        <Stat label="Low risk" value={stats.riskScores.low} className={bandTextClasses.low} />
        <Stat label="Medium risk" value={stats.riskScores.medium} className={bandTextClasses.medium} />
        <Stat label="High risk" value={stats.riskScores.high} className={bandTextClasses.high} />
        <Stat label="Not assessable" value={stats.notAssessable} className="text-slate-500 dark:text-slate-400" />
      </dl>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="With pools" value={stats.riskFactors.pools} />
        <Stat label="With spas" value={stats.riskFactors.spas} />
        <Stat label="Trees overhanging" value={stats.riskFactors.treesOverhanging} />
        <Stat label="Power lines" value={stats.riskFactors.powerLines} />
      </dl>
      {/* The history lists every analysis; the figures above are of the finished ones. Say what the difference is. */}
      {stats.failed + stats.inProgress > 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400" data-testid="stats-not-counted">
          Not counted above: {uncounted(stats.failed, stats.inProgress)}.
        </p>
      ) : null}
    </section>
  );
}
