// Properties whose latest result an earlier version of the analyzer made (decision 024): one click analyses them all
// again with today's, as a batch of their stored images (a building the owner marked is kept), and opens it. The
// earlier results stay in the history. Counting them reads the account's whole history (about 180 ms at 100,000
// analyses, bench/history.ts), so the notice has its own query, read after the screen is drawn: the list never
// waits for it, and a failure only leaves the notice out.
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { OlderResultsNoticeQuery as OlderResultsNoticeQueryType } from '../../__generated__/OlderResultsNoticeQuery.graphql';
import { useAuth } from '../../auth/useAuth';
import { ErrorBoundary } from '../../components/analysis/ErrorBoundary';
import { StartBatchNotice } from '../Batches/StartBatchNotice';
import { useCreateBatchMutation } from '../Batches/useCreateBatchMutation';

const OlderResultsNoticeQuery = graphql`
  query OlderResultsNoticeQuery {
    viewer {
      olderAnalyzerImages
    }
  }
`;

function Notice() {
  const { viewer } = useLazyLoadQuery<OlderResultsNoticeQueryType>(OlderResultsNoticeQuery, {}, { fetchPolicy: 'network-only' });
  const [create, creating] = useCreateBatchMutation();
  const older = viewer?.olderAnalyzerImages ?? 0;
  if (older === 0) return null;
  return (
    <StartBatchNotice label="Analyse them again" busy={creating} start={() => create({ olderResults: true })}>
      {older === 1 ? '1 property was' : `${older} properties were`} last analysed by an earlier version of the analyzer. Analysing again
      runs them as a batch with today’s analyzer, at the building you marked; the earlier results stay in your history.
    </StartBatchNotice>
  );
}

export function OlderResultsNotice() {
  const auth = useAuth();
  // Batches need an account; a guest's results are today's anyway.
  if (auth.status === 'signedIn' && auth.user.isAnonymous) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Notice />
      </Suspense>
    </ErrorBoundary>
  );
}
