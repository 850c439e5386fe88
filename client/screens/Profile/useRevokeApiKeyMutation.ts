import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useRevokeApiKeyMutation as RevokeApiKeyMutation } from '../../__generated__/useRevokeApiKeyMutation.graphql';

const mutation = graphql`
  mutation useRevokeApiKeyMutation($input: RevokeApiKeyInput!, $connections: [ID!]!) {
    revokeApiKey(input: $input) {
      __typename
      ... on MutationRevokeApiKeySuccess {
        data @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Revokes a key (refused from the next request on) and takes it out of the list. */
export function useRevokeApiKeyMutation(connectionId: string): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<RevokeApiKeyMutation>(mutation);
  const revoke = useCallback(
    (id: string) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { id }, connections: [connectionId] },
          onCompleted: ({ revokeApiKey: result }) => {
            if (result.data) resolve();
            else reject(new Error(result.message ?? `revokeApiKey answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
  return [revoke, inFlight];
}
