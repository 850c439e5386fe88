import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useCreateApiKeyMutation as CreateApiKeyMutation,
  useCreateApiKeyMutation$data,
} from '../../__generated__/useCreateApiKeyMutation.graphql';
import { useTypedMutation, refusals } from '../../relay/useTypedMutation';

// The new key goes to the top of the list; its secret is answered here once and never again.
const mutation = graphql`
  mutation useCreateApiKeyMutation($input: CreateApiKeyInput!, $connections: [ID!]!) {
    createApiKey(input: $input) {
      __typename
      ... on MutationCreateApiKeySuccess {
        data {
          secret
          apiKey @prependNode(connections: $connections, edgeTypeName: "UserApiKeysConnectionEdge") {
            id
            ...ApiKeyRow_apiKey
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resultOf = (response: useCreateApiKeyMutation$data) => response.createApiKey;
const toError = refusals('ValidationError', 'ForbiddenError');

/** Creates a key named `name`; resolves with the secret to show once. */
export function useCreateApiKeyMutation(connectionId: string): [(name: string) => Promise<string>, boolean] {
  const [commit, inFlight] = useTypedMutation<CreateApiKeyMutation, ReturnType<typeof resultOf>>(mutation, resultOf, toError);
  const create = useCallback(
    async (name: string) => (await commit({ input: { name }, connections: [connectionId] })).secret,
    [commit, connectionId],
  );
  return [create, inFlight];
}
