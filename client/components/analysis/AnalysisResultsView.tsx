import { graphql, useFragment } from 'react-relay';
import type { AnalysisResultsView_analysis$key } from '../../__generated__/AnalysisResultsView_analysis.graphql';
import { analysisTitle } from '../../../common/analysis-title';
import { AnalysisFeatures } from './AnalysisFeatures';
import { AnalysisImageOverlay } from './AnalysisImageOverlay';
import { AnalysisObservations } from './AnalysisObservations';
import { AnalysisProvenance } from './AnalysisProvenance';
import { DefensibleSpacePanel } from './DefensibleSpacePanel';
import { formatDateTime } from './format';
import { RiskScoreCard } from './RiskScoreCard';
import { WrongBuildingImage } from './WrongBuildingImage';

/**
 * A finished analysis: the image with its findings (and "Wrong building?"), the score and why, what to do, and
 * where it came from.
 */
export function AnalysisResultsView({ analysis }: { analysis: AnalysisResultsView_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment AnalysisResultsView_analysis on Analysis {
        propertyLocation
        createdAt
        image {
          filename
        }
        ...WrongBuildingImage_analysis
        ...AnalysisImageOverlay_analysis
        ...RiskScoreCard_analysis
        ...AnalysisFeatures_analysis
        ...AnalysisObservations_analysis
        ...AnalysisProvenance_analysis
        ...DefensibleSpacePanel_analysis
      }
    `,
    analysis,
  );
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
          {analysisTitle(data.propertyLocation, data.image.filename)}
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Analysed {formatDateTime(data.createdAt)}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <WrongBuildingImage analysis={data} image={(onMark) => <AnalysisImageOverlay analysis={data} onMark={onMark} />} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <RiskScoreCard analysis={data} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AnalysisFeatures analysis={data} />
        <AnalysisObservations analysis={data} />
      </div>
      <DefensibleSpacePanel analysis={data} />
      <AnalysisProvenance analysis={data} />
    </div>
  );
}
