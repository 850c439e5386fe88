import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useCreateBatchMutation as CreateBatchMutation } from '../../__generated__/useCreateBatchMutation.graphql';
import { UserFacingError } from '../../components/analysis/uploadErrors';

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

/** Starts a batch from a CSV's text; resolves with the new batch's raw id. */
export function useCreateBatchMutation(): [(input: { name: string; csv: string }) => Promise<string>, boolean] {
  const [commit, inFlight] = useMutation<CreateBatchMutation>(mutation);
  const create = useCallback(
    (input: { name: string; csv: string }) =>
      new Promise<string>((resolve, reject) => {
        commit({
          variables: { input },
          onCompleted: ({ createBatch: result }) => {
            if (result.data) resolve(result.data.batchId);
            else if (result.message) reject(new UserFacingError(result.message));
            else reject(new Error(`createBatch answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [create, inFlight];
}
