import { graphql, useFragment } from 'react-relay';
import type { RiskZoneSummary_user$key } from '../../__generated__/RiskZoneSummary_user.graphql';
import { formatDateTime } from '../../components/analysis/format';
import { bandTextClasses } from '../../components/analysis/riskBand';

/** spec §3 "Risk zone statistics": how many zones, per level, and when the last one was recorded. */
export function RiskZoneSummary({ user }: { user: RiskZoneSummary_user$key }) {
  const { riskZoneStatistics: stats } = useFragment(
    graphql`
      fragment RiskZoneSummary_user on User {
        riskZoneStatistics {
          totalZones
          riskLevels {
            low
            medium
            high
          }
          lastUpdated
        }
      }
    `,
    user,
  );
  const cells: [string, number, string][] = [
    ['Total zones', stats.totalZones, 'text-slate-900 dark:text-white'],
    ['Low', stats.riskLevels.low, bandTextClasses.low],
    ['Medium', stats.riskLevels.medium, bandTextClasses.medium],
    ['High', stats.riskLevels.high, bandTextClasses.high],
  ];
  return (
    <section
      aria-labelledby="risk-summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="risk-summary-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Risk assessment summary
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {cells.map(([label, value, colour]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className={`mt-1 text-2xl font-semibold tabular-nums ${colour}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
        Last updated: {stats.lastUpdated ? formatDateTime(stats.lastUpdated) : 'never'}
      </p>
    </section>
  );
}
