import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type {
  useAnalyzeImageMutation as AnalyzeImageMutation,
  useAnalyzeImageMutation$data,
} from '../../__generated__/useAnalyzeImageMutation.graphql';
import { UserFacingError } from './uploadErrors';

const mutation = graphql`
  mutation useAnalyzeImageMutation($input: AnalyzeImageInput!) {
    analyzeImage(input: $input) {
      __typename
      ... on MutationAnalyzeImageSuccess {
        data {
          id
          analysisId
          status
          error
          ...AnalysisResultCard_analysis
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Result = useAnalyzeImageMutation$data['analyzeImage'];
export type AnalyzedAnalysis = NonNullable<Result['data']>;

/** Runs the analysis of an uploaded image; the server answers once the job has finished (or failed). */
export function useAnalyzeImageMutation(): (imageId: string) => Promise<AnalyzedAnalysis> {
  const [commit] = useMutation<AnalyzeImageMutation>(mutation);
  return useCallback(
    (imageId) =>
      new Promise<AnalyzedAnalysis>((resolve, reject) => {
        commit({
          variables: { input: { imageId } },
          onCompleted: ({ analyzeImage: result }) => {
            const analysis = result.data;
            if (analysis) {
              if (analysis.status === 'failed') reject(new Error(analysis.error ?? 'The analysis failed'));
              else resolve(analysis);
            } else if (result.message && (result.__typename === 'ValidationError' || result.__typename === 'RateLimitedError')) {
              reject(new UserFacingError(result.message));
            } else reject(new Error(result.message ?? `analyzeImage answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit],
  );
}
