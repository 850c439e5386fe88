import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { commitAsPromise } from '../../relay/commitAsPromise';
import type {
  ReviewAnalysisInput,
  useReviewAnalysisMutation as ReviewAnalysisMutation,
} from '../../__generated__/useReviewAnalysisMutation.graphql';

const mutation = graphql`
  mutation useReviewAnalysisMutation($input: ReviewAnalysisInput!) {
    reviewAnalysis(input: $input) {
      __typename
      ... on MutationReviewAnalysisSuccess {
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

/** One review change (with its reason); the rescored analysis updates every component that shows it. */
export function useReviewAnalysisMutation(): [(input: ReviewAnalysisInput) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<ReviewAnalysisMutation>(mutation);
  const review = useCallback(
    (input: ReviewAnalysisInput) => commitAsPromise(commit, { input }, (response) => response.reviewAnalysis),
    [commit],
  );
  return [review, inFlight];
}
