import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { AnalysisResultCard_analysis$key } from '../../__generated__/AnalysisResultCard_analysis.graphql';
import { analysisTitle } from '../../../common/analysis-title';
import { buttonClasses } from '../forms';
import { AnalysisFeatures } from './AnalysisFeatures';
import { AnalysisImageOverlay } from './AnalysisImageOverlay';
import { RiskScoreCard } from './RiskScoreCard';

/** A just-finished analysis shown inline (the aerial-risk page), with a way to its full results page. */
export function AnalysisResultCard({ analysis }: { analysis: AnalysisResultCard_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment AnalysisResultCard_analysis on Analysis {
        analysisId
        status
        progress
        propertyLocation
        image {
          filename
        }
        ...AnalysisImageOverlay_analysis
        ...RiskScoreCard_analysis
        ...AnalysisFeatures_analysis
      }
    `,
    analysis,
  );
  const finished = data.status === 'done';
  return (
    <section
      aria-labelledby="result-card-heading"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="result-card-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Analysis result
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{analysisTitle(data.propertyLocation, data.image.filename)}</p>
        </div>
        <Link to={`/analysis-results/${data.analysisId}`} className={buttonClasses('secondary')}>
          View full results
        </Link>
      </div>
      {finished ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <AnalysisImageOverlay analysis={data} />
            <RiskScoreCard analysis={data} />
          </div>
          <AnalysisFeatures analysis={data} />
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
          The analysis is still running ({data.progress}%). Open the full results to follow it.
        </p>
      )}
    </section>
  );
}
