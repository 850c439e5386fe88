import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useCreateApiKeyMutation as CreateApiKeyMutation } from '../../__generated__/useCreateApiKeyMutation.graphql';
import { UserFacingError } from '../../components/analysis/uploadErrors';

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

/** Creates a key named `name`; resolves with the secret to show once. */
export function useCreateApiKeyMutation(connectionId: string): [(name: string) => Promise<string>, boolean] {
  const [commit, inFlight] = useMutation<CreateApiKeyMutation>(mutation);
  const create = useCallback(
    (name: string) =>
      new Promise<string>((resolve, reject) => {
        commit({
          variables: { input: { name }, connections: [connectionId] },
          onCompleted: ({ createApiKey: result }) => {
            if (result.data) resolve(result.data.secret);
            else if (result.message) reject(new UserFacingError(result.message));
            else reject(new Error(`createApiKey answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
  return [create, inFlight];
}
