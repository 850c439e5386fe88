import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useAnalyzeImageMutation as AnalyzeImageMutation,
  useAnalyzeImageMutation$data,
} from '../../__generated__/useAnalyzeImageMutation.graphql';
import { refusals, useTypedMutation } from '../../relay/useTypedMutation';
import type { SubjectPoint } from './subjectPoint';

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
        # The analysis statistics with this analysis counted, for screens that show them.
        viewer {
          ...AnalysisStatisticsPanel_user
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

const resultOf = (response: useAnalyzeImageMutation$data) => response.analyzeImage;
const toError = refusals('ValidationError', 'RateLimitedError');

/**
 * Runs the analysis of an uploaded image; the server answers once the job has finished (or failed). With a
 * `subjectPoint` (the owner's building, marked on the image) it is a new analysis of that building.
 */
export function useAnalyzeImageMutation(): (imageId: string, subjectPoint?: SubjectPoint) => Promise<AnalyzedAnalysis> {
  const [commit] = useTypedMutation<AnalyzeImageMutation, Result>(mutation, resultOf, toError);
  return useCallback(
    async (imageId, subjectPoint) => {
      const analysis = await commit({ input: subjectPoint ? { imageId, subjectPoint } : { imageId } });
      if (analysis.status === 'failed') throw new Error(analysis.error ?? 'The analysis failed');
      return analysis;
    },
    [commit],
  );
}
