import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useRevokeApiKeyMutation as RevokeApiKeyMutation,
  useRevokeApiKeyMutation$data,
} from '../../__generated__/useRevokeApiKeyMutation.graphql';
import { useTypedMutation } from '../../relay/useTypedMutation';

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

const resultOf = (response: useRevokeApiKeyMutation$data) => response.revokeApiKey;

/** Revokes a key (refused from the next request on) and takes it out of the list. */
export function useRevokeApiKeyMutation(connectionId: string): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<RevokeApiKeyMutation, ReturnType<typeof resultOf>>(mutation, resultOf);
  const revoke = useCallback(
    async (id: string) => {
      await commit({ input: { id }, connections: [connectionId] });
    },
    [commit, connectionId],
  );
  return [revoke, inFlight];
}
