import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useRetryBatchMutation as RetryBatchMutation,
  useRetryBatchMutation$data,
} from '../../__generated__/useRetryBatchMutation.graphql';
import { refusals, useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useRetryBatchMutation($input: RetryBatchInput!) {
    retryBatch(input: $input) {
      __typename
      ... on MutationRetryBatchSuccess {
        data {
          status
          ...BatchProgress_batch
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resultOf = (response: useRetryBatchMutation$data) => response.retryBatch;
const toError = refusals('NotFoundError', 'ConflictError');

/** Queues a batch's failed rows again; the batch (running again) updates the screen, which polls once more. */
export function useRetryBatchMutation(): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<RetryBatchMutation, ReturnType<typeof resultOf>>(mutation, resultOf, toError);
  const retry = useCallback((id: string) => commit({ input: { id } }).then(() => undefined), [commit]);
  return [retry, inFlight];
}
