import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  ReviewAnalysisInput,
  useReviewAnalysisMutation as ReviewAnalysisMutation,
  useReviewAnalysisMutation$data,
} from '../../__generated__/useReviewAnalysisMutation.graphql';
import { useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useReviewAnalysisMutation($input: ReviewAnalysisInput!) {
    reviewAnalysis(input: $input) {
      __typename
      ... on MutationReviewAnalysisSuccess {
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

const resultOf = (response: useReviewAnalysisMutation$data) => response.reviewAnalysis;

/** One review change (with its reason); the rescored analysis updates every component that shows it. */
export function useReviewAnalysisMutation(): [(input: ReviewAnalysisInput) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<ReviewAnalysisMutation, ReturnType<typeof resultOf>>(mutation, resultOf);
  const review = useCallback((input: ReviewAnalysisInput) => commit({ input }).then(() => undefined), [commit]);
  return [review, inFlight];
}
