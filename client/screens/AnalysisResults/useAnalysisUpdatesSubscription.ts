import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useAnalysisUpdatesSubscription as AnalysisUpdatesSubscription } from '../../__generated__/useAnalysisUpdatesSubscription.graphql';

// Selects what the results screen reads, so each event updates the Analysis record in the store and the
// screen moves from progress to results by itself.
const subscription = graphql`
  subscription useAnalysisUpdatesSubscription($id: ID!) {
    analysis(id: $id) {
      status
      error
      results {
        __typename
      }
      ...AnalysisLiveProgress_analysis
      ...AnalysisResultsView_analysis
    }
  }
`;

/** Follows an analysis over server-sent events until it is done or failed. */
export function useAnalysisUpdatesSubscription(id: string, onError: (error: Error) => void): void {
  const config = useMemo<GraphQLSubscriptionConfig<AnalysisUpdatesSubscription>>(
    () => ({ subscription, variables: { id }, onError }),
    [id, onError],
  );
  useSubscription(config);
}
