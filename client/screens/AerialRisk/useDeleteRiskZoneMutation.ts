import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useDeleteRiskZoneMutation as DeleteRiskZoneMutation,
  useDeleteRiskZoneMutation$data,
} from '../../__generated__/useDeleteRiskZoneMutation.graphql';
import { useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useDeleteRiskZoneMutation($input: DeleteRiskZoneInput!, $connections: [ID!]!) {
    deleteRiskZone(input: $input) {
      __typename
      ... on MutationDeleteRiskZoneSuccess {
        data @deleteEdge(connections: $connections)
        # The zone statistics after the delete, from the payload (no screen query read again).
        viewer {
          ...RiskZoneSummary_user
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resultOf = (response: useDeleteRiskZoneMutation$data) => response.deleteRiskZone;

/** Deletes a zone and takes its row out of the table's connection. */
export function useDeleteRiskZoneMutation(connectionId: string): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<DeleteRiskZoneMutation, ReturnType<typeof resultOf>>(mutation, resultOf);
  const remove = useCallback(
    async (id: string) => {
      await commit({ input: { id }, connections: [connectionId] });
    },
    [commit, connectionId],
  );
  return [remove, inFlight];
}
