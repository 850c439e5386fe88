// /batches "Portfolio batches": start a batch from a CSV, and the list of the viewer's batches.
import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { BatchesScreenQuery as BatchesScreenQueryType } from '../../__generated__/BatchesScreenQuery.graphql';
import { useAuth } from '../../auth/useAuth';
import { Alert } from '../../components/Alert';
import { ErrorBoundary } from '../../components/analysis/ErrorBoundary';
import { CreateAccountCard } from '../../components/CreateAccountCard';
import { PageContainer, PageHeader } from '../../components/layouts';
import { LoadingState } from '../../components/Spinner';
import { preloadQuery } from '../../relay/preload';
import { BatchList } from './BatchList';
import { CreateBatchForm } from './CreateBatchForm';

const BatchesScreenQuery = graphql`
  query BatchesScreenQuery($count: Int!) {
    viewer {
      ...BatchList_user @arguments(count: $count)
    }
  }
`;

export function loader() {
  return preloadQuery<BatchesScreenQueryType>(BatchesScreenQuery, { count: 50 });
}

const LOAD_FAILED_MESSAGE = 'Failed to load your batches. Please try again later.';

function Batches({ queryRef }: { queryRef: PreloadedQuery<BatchesScreenQueryType> }) {
  const { viewer } = usePreloadedQuery<BatchesScreenQueryType>(BatchesScreenQuery, queryRef);
  if (!viewer) return <Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>;
  return <BatchList user={viewer} />;
}

export default function BatchesScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<BatchesScreenQueryType>;
  const auth = useAuth();
  // The server refuses batches from a guest session; the screen says so before a CSV is chosen.
  const guest = auth.status === 'signedIn' && auth.user.isAnonymous;
  return (
    <PageContainer>
      <div className="space-y-8">
        <PageHeader
          title="Portfolio batches"
          description="Analyse a whole book of properties at once from a CSV of addresses or coordinates."
        />
        {guest ? (
          <CreateAccountCard
            title="Batches need an account"
            text="Guest sessions cannot run batches. Create an account first: everything you analysed as a guest moves into it."
          />
        ) : (
          <CreateBatchForm />
        )}
        <ErrorBoundary fallback={<Alert tone="error">{LOAD_FAILED_MESSAGE}</Alert>}>
          <Suspense fallback={<LoadingState label="Loading batches…" />}>
            <Batches queryRef={queryRef} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </PageContainer>
  );
}
