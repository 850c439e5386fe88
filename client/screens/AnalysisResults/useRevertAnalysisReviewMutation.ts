import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useRevertAnalysisReviewMutation as RevertMutation,
  useRevertAnalysisReviewMutation$data,
} from '../../__generated__/useRevertAnalysisReviewMutation.graphql';
import { useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useRevertAnalysisReviewMutation($input: RevertAnalysisReviewInput!) {
    revertAnalysisReview(input: $input) {
      __typename
      ... on MutationRevertAnalysisReviewSuccess {
        data {
          ...AnalysisResultsScreen_reviewed
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resultOf = (response: useRevertAnalysisReviewMutation$data) => response.revertAnalysisReview;

/** Drops the whole review: the analyzer's output is shown (and counted in the history) again. */
export function useRevertAnalysisReviewMutation(): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<RevertMutation, ReturnType<typeof resultOf>>(mutation, resultOf);
  const revert = useCallback((id: string) => commit({ input: { id } }).then(() => undefined), [commit]);
  return [revert, inFlight];
}
