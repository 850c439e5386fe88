import { graphql, useFragment } from 'react-relay';
import type { AnalysisObservations_analysis$key } from '../../__generated__/AnalysisObservations_analysis.graphql';
import { humanize } from './format';

/** Property condition, recommendations and additional risks, as the analyzer wrote them (plain text). */
export function AnalysisObservations({ analysis }: { analysis: AnalysisObservations_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment AnalysisObservations_analysis on Analysis {
        recommendations
        results {
          propertyCondition
          additionalRisks
        }
      }
    `,
    analysis,
  );
  const results = data.results;
  return (
    <section
      aria-labelledby="observations-heading"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="observations-heading" className="sr-only">
        Observations
      </h2>
      {results && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Property condition</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{humanize(results.propertyCondition)}</p>
        </div>
      )}
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Recommendations</h3>
        {data.recommendations.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {data.recommendations.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">No recommendations.</p>
        )}
      </div>
      {results && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Additional risks</h3>
          {results.additionalRisks.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {results.additionalRisks.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">None identified.</p>
          )}
        </div>
      )}
    </section>
  );
}
