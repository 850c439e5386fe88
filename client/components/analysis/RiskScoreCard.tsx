import { graphql, useFragment } from 'react-relay';
import type { RiskScoreCard_analysis$key } from '../../__generated__/RiskScoreCard_analysis.graphql';
import { humanize } from './format';
import { bandLabels, bandTextClasses, scoreBand } from './riskBand';

/** "72 High", or "Not assessable" for a missing score. */
function scoreWords(score: number | null | undefined): string {
  return score == null ? 'Not assessable' : `${score} ${bandLabels[scoreBand(score)]}`;
}

/** The risk score in its band colour with the points behind it, or why there is no score. */
export function RiskScoreCard({ analysis }: { analysis: RiskScoreCard_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment RiskScoreCard_analysis on Analysis {
        riskScore
        assessable
        unassessableReasons
        scoreBreakdown {
          factor
          points
          reason
        }
        review {
          analyzerRiskScore
        }
      }
    `,
    analysis,
  );

  const reviewLine = data.review && (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="review-score-change">
      Analyzer: {scoreWords(data.review.analyzerRiskScore)} → Reviewed: {scoreWords(data.riskScore)}
    </p>
  );

  if (data.assessable === false || data.riskScore == null) {
    return (
      <section
        aria-labelledby="score-heading"
        className="rounded-2xl border border-amber-200 bg-amber-50 p-6 dark:border-amber-900/60 dark:bg-amber-950/40"
      >
        <h2 id="score-heading" className="text-lg font-semibold text-amber-900 dark:text-amber-100">
          Not assessable
        </h2>
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          This image cannot support a risk judgement, so no risk score was given.
        </p>
        {reviewLine}
        {data.unassessableReasons.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-amber-900 dark:text-amber-100" aria-label="Reasons">
            {data.unassessableReasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  const band = scoreBand(data.riskScore);
  return (
    <section
      aria-labelledby="score-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="score-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Risk score
      </h2>
      <p className="mt-3 flex items-baseline gap-3" data-testid="risk-score" data-band={band}>
        <span className={`text-5xl font-bold tabular-nums ${bandTextClasses[band]}`}>{data.riskScore}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">/ 100</span>
        <span className={`text-lg font-semibold ${bandTextClasses[band]}`}>{bandLabels[band]} risk</span>
      </p>
      {reviewLine}
      {data.scoreBreakdown.length > 0 ? (
        <table className="mt-5 w-full text-left text-sm">
          <caption className="sr-only">How the score is made up</caption>
          <thead className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Factor
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Points
              </th>
              <th scope="col" className="py-2 font-medium">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.scoreBreakdown.map((item, index) => (
              <tr key={index}>
                <td className="py-2 pr-3 font-medium text-slate-900 dark:text-white">{humanize(item.factor)}</td>
                <td className="py-2 pr-3 text-right tabular-nums text-slate-900 dark:text-white">
                  {item.points > 0 ? `+${item.points}` : item.points}
                </td>
                <td className="py-2 text-slate-600 dark:text-slate-400">{item.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No risk factors added points to this score.</p>
      )}
    </section>
  );
}
