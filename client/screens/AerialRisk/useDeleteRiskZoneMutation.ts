import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteRiskZoneMutation as DeleteRiskZoneMutation } from '../../__generated__/useDeleteRiskZoneMutation.graphql';

const mutation = graphql`
  mutation useDeleteRiskZoneMutation($input: DeleteRiskZoneInput!, $connections: [ID!]!) {
    deleteRiskZone(input: $input) {
      __typename
      ... on MutationDeleteRiskZoneSuccess {
        data @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes a zone and takes its row out of the table's connection. */
export function useDeleteRiskZoneMutation(connectionId: string): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<DeleteRiskZoneMutation>(mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { id }, connections: [connectionId] },
          onCompleted: ({ deleteRiskZone: result }) => {
            if (result.data) resolve();
            else reject(new Error(result.message ?? `deleteRiskZone answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
  return [remove, inFlight];
}
