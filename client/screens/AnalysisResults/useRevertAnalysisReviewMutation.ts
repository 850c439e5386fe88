import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { commitAsPromise } from '../../relay/commitAsPromise';
import type { useRevertAnalysisReviewMutation as RevertMutation } from '../../__generated__/useRevertAnalysisReviewMutation.graphql';

const mutation = graphql`
  mutation useRevertAnalysisReviewMutation($input: RevertAnalysisReviewInput!) {
    revertAnalysisReview(input: $input) {
      __typename
      ... on MutationRevertAnalysisReviewSuccess {
        data {
          ...AnalysisResultsView_analysis
          ...AnalysisReviewPanel_analysis
          ...AnalysisAuditTrail_analysis
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Drops the whole review: the analyzer's output is shown (and counted in the history) again. */
export function useRevertAnalysisReviewMutation(): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<RevertMutation>(mutation);
  const revert = useCallback(
    (id: string) => commitAsPromise(commit, { input: { id } }, (response) => response.revertAnalysisReview),
    [commit],
  );
  return [revert, inFlight];
}
