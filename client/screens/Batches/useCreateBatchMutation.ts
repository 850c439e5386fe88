import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useCreateBatchMutation as CreateBatchMutation,
  useCreateBatchMutation$data,
} from '../../__generated__/useCreateBatchMutation.graphql';
import { refusals, useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useCreateBatchMutation($input: CreateBatchInput!) {
    createBatch(input: $input) {
      __typename
      ... on MutationCreateBatchSuccess {
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

const resultOf = (response: useCreateBatchMutation$data) => response.createBatch;
const toError = refusals('ValidationError', 'ForbiddenError', 'ConflictError');

type Input = CreateBatchMutation['variables']['input'];

/** Starts a batch (from a CSV's text, or of the images with older results); resolves with the new batch's raw id. */
export function useCreateBatchMutation(): [(input: Input) => Promise<string>, boolean] {
  const [commit, inFlight] = useTypedMutation<CreateBatchMutation, ReturnType<typeof resultOf>>(mutation, resultOf, toError);
  const create = useCallback(async (input: Input) => (await commit({ input })).batchId, [commit]);
  return [create, inFlight];
}
