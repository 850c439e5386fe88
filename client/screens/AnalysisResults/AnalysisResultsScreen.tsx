// spec §2 "Analysis results screen": title, New Analysis and View History links, a spinner while
// loading, a red box on failure (no such record, or its analysis failed: then with a way to analyse its image
// again), a yellow one when a finished analysis holds no results, else the results view.
import { Suspense, useCallback, type ReactNode } from 'react';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import type { AnalysisResultsScreenQuery as AnalysisResultsScreenQueryType } from '../../__generated__/AnalysisResultsScreenQuery.graphql';
import { AnalysisResultsView } from '../../components/analysis/AnalysisResultsView';
import { ErrorBoundary } from '../../components/analysis/ErrorBoundary';
import { toGlobalId } from '../../components/analysis/globalId';
import { buttonClasses } from '../../components/forms';
import { PageContainer, PageHeader } from '../../components/layouts';
import { LoadingState } from '../../components/Spinner';
import { preloadQuery } from '../../relay/preload';
import { AnalyseAgainButton } from './AnalyseAgainButton';
import { OlderAnalyzerNotice } from './OlderAnalyzerNotice';
import { AnalysisAuditTrail } from './AnalysisAuditTrail';
import { AnalysisLiveProgress } from './AnalysisLiveProgress';
import { AnalysisReviewPanel } from './AnalysisReviewPanel';
import { ReportDownloadButton } from './ReportDownloadButton';
import { SamePropertyPanel } from './SamePropertyPanel';

export const AnalysisResultsScreenQuery = graphql`
  query AnalysisResultsScreenQuery($id: ID!) {
    analysis(id: $id) {
      status
      error
      results {
        __typename
      }
      ...AnalysisLiveProgress_analysis
      ...AnalysisResultsView_analysis
      ...AnalysisReviewPanel_analysis
      ...AnalysisAuditTrail_analysis
      ...ReportDownloadButton_analysis
      ...SamePropertyPanel_analysis
      ...AnalyseAgainButton_analysis
      ...OlderAnalyzerNotice_analysis
    }
    ...AnalysisReviewPanel_query
  }
`;

/**
 * What a review or its revert changes on this screen: the rescored view, the review panel and the audit trail.
 * Both review mutations select it, so every component showing the analysis updates from their payload.
 */
export const AnalysisResultsScreenReviewedFragment = graphql`
  fragment AnalysisResultsScreen_reviewed on Analysis {
    ...AnalysisResultsView_analysis
    ...AnalysisReviewPanel_analysis
    ...AnalysisAuditTrail_analysis
  }
`;

export function loader({ params }: LoaderFunctionArgs) {
  // The route carries the raw analysis id; GraphQL takes the Relay global id.
  if (!params.analysisId) return null;
  return preloadQuery<AnalysisResultsScreenQueryType>(AnalysisResultsScreenQuery, {
    id: toGlobalId('Analysis', params.analysisId),
  });
}

export const LOAD_FAILED_MESSAGE = 'Failed to load analysis results. Please try again.';

function ReturnToAnalysis() {
  return (
    <Link to="/map-analysis" className={buttonClasses('primary')}>
      Return to Analysis
    </Link>
  );
}

function ErrorBox({ children, detail, action }: { children: ReactNode; detail?: string | null; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200"
    >
      <p className="font-medium">{children}</p>
      {detail && <p className="mt-1 text-sm">{detail}</p>}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <ReturnToAnalysis />
        {action}
      </div>
    </div>
  );
}

function EmptyBox({ detail }: { detail?: string | null }) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-yellow-200 bg-yellow-50 p-6 text-yellow-800 dark:border-yellow-900/60 dark:bg-yellow-950/40 dark:text-yellow-200"
    >
      <p className="font-medium">No analysis results found.</p>
      {detail && <p className="mt-1 text-sm">{detail}</p>}
      <div className="mt-4">
        <ReturnToAnalysis />
      </div>
    </div>
  );
}

function AnalysisResultsContent({ queryRef }: { queryRef: PreloadedQuery<AnalysisResultsScreenQueryType> }) {
  const query = usePreloadedQuery<AnalysisResultsScreenQueryType>(AnalysisResultsScreenQuery, queryRef);
  const { analysis } = query;
  const environment = useRelayEnvironment();
  const refresh = useCallback(() => {
    fetchQuery<AnalysisResultsScreenQueryType>(environment, AnalysisResultsScreenQuery, queryRef.variables).subscribe({});
  }, [environment, queryRef.variables]);
  // No such analysis (or another user's, which reads the same): the record is missing, a failure (spec §5).
  if (!analysis) return <ErrorBox>{LOAD_FAILED_MESSAGE}</ErrorBox>;
  if (analysis.status === 'queued' || analysis.status === 'running') {
    return <AnalysisLiveProgress analysis={analysis} refresh={refresh} />;
  }
  // A failed analysis has no analysis_results: a failure (spec §5), in the specification's words, and below them the
  // reason it failed. Its image is stored: it can be analysed again without a new upload.
  if (analysis.status === 'failed')
    return (
      <ErrorBox detail={analysis.error} action={<AnalyseAgainButton analysis={analysis} />}>
        {LOAD_FAILED_MESSAGE}
      </ErrorBox>
    );
  // Finished, yet nothing to show: the empty result.
  if (!analysis.results) return <EmptyBox detail={analysis.error} />;
  return (
    <div className="space-y-6">
      <OlderAnalyzerNotice analysis={analysis} />
      <ReportDownloadButton analysis={analysis} onDownloaded={refresh} />
      <AnalysisResultsView analysis={analysis} />
      <SamePropertyPanel analysis={analysis} />
      <AnalysisReviewPanel analysis={analysis} query={query} />
      <AnalysisAuditTrail analysis={analysis} />
    </div>
  );
}

export default function AnalysisResultsScreen() {
  const { analysisId } = useParams();
  const queryRef = useLoaderData() as PreloadedQuery<AnalysisResultsScreenQueryType> | null;
  return (
    <PageContainer>
      <div className="space-y-8">
        <PageHeader
          title="Analysis Results"
          actions={
            <>
              <Link to="/map-analysis" className={buttonClasses('primary')}>
                New Analysis
              </Link>
              <Link to="/aerial-risk/history" className={buttonClasses('secondary')}>
                View History
              </Link>
            </>
          }
        />
        {!analysisId || !queryRef ? (
          <ErrorBox>Analysis ID is missing</ErrorBox>
        ) : (
          <ErrorBoundary resetKey={analysisId} fallback={<ErrorBox>{LOAD_FAILED_MESSAGE}</ErrorBox>}>
            <Suspense fallback={<LoadingState label="Loading analysis results..." />}>
              <AnalysisResultsContent queryRef={queryRef} />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
    </PageContainer>
  );
}
