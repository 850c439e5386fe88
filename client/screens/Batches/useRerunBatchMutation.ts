import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useRerunBatchMutation as RerunBatchMutation,
  useRerunBatchMutation$data,
} from '../../__generated__/useRerunBatchMutation.graphql';
import { refusals, useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useRerunBatchMutation($input: RerunBatchInput!) {
    rerunBatch(input: $input) {
      __typename
      ... on MutationRerunBatchSuccess {
        data {
          batchId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resultOf = (response: useRerunBatchMutation$data) => response.rerunBatch;
const toError = refusals('NotFoundError', 'ConflictError', 'ForbiddenError');

/** Runs a finished batch again with the current analyzer; resolves with the new batch's raw id. */
export function useRerunBatchMutation(): [(id: string) => Promise<string>, boolean] {
  const [commit, inFlight] = useTypedMutation<RerunBatchMutation, ReturnType<typeof resultOf>>(mutation, resultOf, toError);
  const rerun = useCallback(async (id: string) => (await commit({ input: { id } })).batchId, [commit]);
  return [rerun, inFlight];
}
