// /aerial-risk "Aerial Image Analysis": upload with the result shown inline, analysis statistics, the
// risk assessment summary, the create-assessment form and the risk zones table.
import { Suspense, useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { ConnectionHandler } from 'relay-runtime';
import type { AerialRiskScreenQuery as AerialRiskScreenQueryType } from '../../__generated__/AerialRiskScreenQuery.graphql';
import { Alert } from '../../components/Alert';
import { AnalysisResultCard } from '../../components/analysis/AnalysisResultCard';
import { AnalysisStatisticsPanel } from '../../components/analysis/AnalysisStatisticsPanel';
import { ErrorBoundary } from '../../components/analysis/ErrorBoundary';
import { ImageUploadForm } from '../../components/analysis/ImageUploadForm';
import type { AnalyzedAnalysis } from '../../components/analysis/useAnalyzeImageMutation';
import { PageContainer, PageHeader } from '../../components/layouts';
import { LoadingState } from '../../components/Spinner';
import { preloadQuery } from '../../relay/preload';
import { CreateRiskZoneForm } from './CreateRiskZoneForm';
import { RiskZoneSummary } from './RiskZoneSummary';
import { RISK_ZONES_PAGE_SIZE, RiskZonesTable } from './RiskZonesTable';

const AerialRiskScreenQuery = graphql`
  query AerialRiskScreenQuery($count: Int!) {
    viewer {
      id
      ...AnalysisStatisticsPanel_user
      ...RiskZoneSummary_user
      ...RiskZonesTable_user @arguments(count: $count)
    }
  }
`;

// The page size goes as a variable (see AnalysisHistoryScreen: the armor cost limit multiplies literals).
const variables = { count: RISK_ZONES_PAGE_SIZE };

export function loader() {
  return preloadQuery<AerialRiskScreenQueryType>(AerialRiskScreenQuery, variables);
}

const LOAD_FAILED_MESSAGE = 'Failed to load risk assessment data';

function AerialRiskData({ queryRef }: { queryRef: PreloadedQuery<AerialRiskScreenQueryType> }) {
  const { viewer } = usePreloadedQuery<AerialRiskScreenQueryType>(AerialRiskScreenQuery, queryRef);
  if (!viewer) return <Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>;
  const connectionId = ConnectionHandler.getConnectionID(viewer.id, 'RiskZonesTable_riskZones');
  return (
    <div className="space-y-6">
      <AnalysisStatisticsPanel user={viewer} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RiskZoneSummary user={viewer} />
        <CreateRiskZoneForm connectionId={connectionId} />
      </div>
      <RiskZonesTable user={viewer} />
    </div>
  );
}

export default function AerialRiskScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<AerialRiskScreenQueryType>;
  // A reference to the analysed record (its fragment key), not a copy of its data.
  const [result, setResult] = useState<AnalyzedAnalysis | null>(null);
  return (
    <PageContainer>
      <div className="space-y-8">
        <PageHeader
          title="Aerial Image Analysis"
          description="Upload aerial imagery, review analysis statistics and record manual risk assessments."
        />
        <section
          aria-labelledby="upload-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="upload-heading" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
            Analyse an aerial image
          </h2>
          {/* The analysis payload carries the viewer's statistics, so the panel below updates from it. */}
          <ImageUploadForm onAnalyzed={setResult} />
        </section>
        {result && <AnalysisResultCard analysis={result} />}
        <ErrorBoundary fallback={<Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>}>
          <Suspense fallback={<LoadingState label="Loading risk assessment data…" />}>
            <AerialRiskData queryRef={queryRef} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </PageContainer>
  );
}
