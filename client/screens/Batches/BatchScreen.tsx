// /batches/{batchId}: one batch's progress, live (read again every few seconds until no row waits or runs),
// its rows with their state and reason, and the results as CSV or JSON.
import { Suspense, useCallback, useEffect, useState } from 'react';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { BatchScreenQuery as BatchScreenQueryType } from '../../__generated__/BatchScreenQuery.graphql';
import { Alert } from '../../components/Alert';
import { ErrorBoundary } from '../../components/analysis/ErrorBoundary';
import { toGlobalId } from '../../components/analysis/globalId';
import { buttonClasses } from '../../components/forms';
import { PageContainer, PageHeader } from '../../components/layouts';
import { LoadingState } from '../../components/Spinner';
import { preloadQuery } from '../../relay/preload';
import { BatchComparison } from './BatchComparison';
import { BatchProgress } from './BatchProgress';
import { BATCH_ROWS_PAGE_SIZE, BatchRowsTable } from './BatchRowsTable';

const BatchScreenQuery = graphql`
  query BatchScreenQuery($id: ID!, $count: Int!) {
    batch(id: $id) {
      name
      status
      ...BatchProgress_batch
      ...BatchComparison_batch
      ...BatchRowsTable_batch @arguments(count: $count)
      ...BatchRowsTable_findings
    }
  }
`;

const POLL_MS = 1500;

export function loader({ params }: LoaderFunctionArgs) {
  return preloadQuery<BatchScreenQueryType>(BatchScreenQuery, {
    id: toGlobalId('Batch', params.batchId ?? ''),
    count: BATCH_ROWS_PAGE_SIZE,
  });
}

const LOAD_FAILED_MESSAGE = 'Failed to load the batch. Please try again later.';

function Batch({ queryRef }: { queryRef: PreloadedQuery<BatchScreenQueryType> }) {
  const { batch } = usePreloadedQuery<BatchScreenQueryType>(BatchScreenQuery, queryRef);
  const environment = useRelayEnvironment();
  const running = batch?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      fetchQuery<BatchScreenQueryType>(environment, BatchScreenQuery, queryRef.variables).subscribe({
        error: (error: unknown) => console.error(error),
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [environment, queryRef.variables, running]);
  // The rows' filter, chosen in the Show list or from the comparison (which then brings the rows into view).
  const [rowsFilter, setRowsFilter] = useState('');
  const showRows = useCallback((filter: string) => {
    setRowsFilter(filter);
    document.getElementById('rows-heading')?.scrollIntoView({ block: 'start' });
    // The choice is read out where it now shows: the rows' Show list.
    document.getElementById('rows-filter')?.focus({ preventScroll: true });
  }, []);
  if (!batch) return <Alert tone="error">Batch not found.</Alert>;
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">{batch.name}</h2>
      <BatchProgress batch={batch} />
      <BatchComparison batch={batch} onShowRows={showRows} />
      <BatchRowsTable batch={batch} findings={batch} filter={rowsFilter} onFilter={setRowsFilter} />
    </div>
  );
}

export default function BatchScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<BatchScreenQueryType>;
  return (
    <PageContainer>
      <div className="space-y-8">
        <PageHeader
          title="Batch"
          actions={
            <Link to="/batches" className={buttonClasses('secondary')}>
              All batches
            </Link>
          }
        />
        <ErrorBoundary fallback={<Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>}>
          <Suspense fallback={<LoadingState label="Loading batch…" />}>
            {/* A new batch (Analyse again opens it here) starts with every row shown. */}
            <Batch key={queryRef.variables.id} queryRef={queryRef} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </PageContainer>
  );
}
