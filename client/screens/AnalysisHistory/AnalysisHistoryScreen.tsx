// /aerial-risk/history "Analysis History": statistics and the searchable, filterable, sortable grid.
import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { AnalysisHistoryScreenQuery as AnalysisHistoryScreenQueryType } from '../../__generated__/AnalysisHistoryScreenQuery.graphql';
import { Alert } from '../../components/Alert';
import { AnalysisStatisticsPanel } from '../../components/analysis/AnalysisStatisticsPanel';
import { ErrorBoundary } from '../../components/analysis/ErrorBoundary';
import { PageContainer, PageHeader } from '../../components/layouts';
import { LoadingState } from '../../components/Spinner';
import { preloadQuery } from '../../relay/preload';
import { AnalysisHistoryList, HISTORY_PAGE_SIZE, LOAD_FAILED_MESSAGE } from './AnalysisHistoryList';
import { OlderResultsNotice } from './OlderResultsNotice';

const AnalysisHistoryScreenQuery = graphql`
  query AnalysisHistoryScreenQuery($count: Int!) {
    viewer {
      ...AnalysisStatisticsPanel_user
      ...AnalysisHistoryList_user @arguments(count: $count)
    }
  }
`;

// The page size goes as a variable: graphql-armor's cost limit multiplies a literal `first` into the
// cost, and Relay would otherwise inline the fragment's default as one. Pagination queries send a
// variable too, and the server caps page sizes itself.
const variables = { count: HISTORY_PAGE_SIZE };

export function loader() {
  return preloadQuery<AnalysisHistoryScreenQueryType>(AnalysisHistoryScreenQuery, variables);
}

function AnalysisHistoryData({ queryRef }: { queryRef: PreloadedQuery<AnalysisHistoryScreenQueryType> }) {
  const { viewer } = usePreloadedQuery<AnalysisHistoryScreenQueryType>(AnalysisHistoryScreenQuery, queryRef);
  if (!viewer) return <Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>;
  return (
    <div className="space-y-8">
      <AnalysisStatisticsPanel user={viewer} />
      <OlderResultsNotice />
      <AnalysisHistoryList user={viewer} />
    </div>
  );
}

export default function AnalysisHistoryScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<AnalysisHistoryScreenQueryType>;
  return (
    <PageContainer>
      <div className="space-y-8">
        <PageHeader title="Analysis History" description="Every property you have analysed, with search, filters and statistics." />
        <ErrorBoundary fallback={<Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>}>
          <Suspense fallback={<LoadingState label="Loading analysis history…" />}>
            <AnalysisHistoryData queryRef={queryRef} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </PageContainer>
  );
}
