import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  RiskLevel,
  useCreateRiskZoneMutation as CreateRiskZoneMutation,
  useCreateRiskZoneMutation$data,
} from '../../__generated__/useCreateRiskZoneMutation.graphql';
import { refusals, useTypedMutation } from '../../relay/useTypedMutation';

// The new zone goes to the top of the table's connection (the server lists newest first).
const mutation = graphql`
  mutation useCreateRiskZoneMutation($input: CreateRiskZoneInput!, $connections: [ID!]!) {
    createRiskZone(input: $input) {
      __typename
      ... on MutationCreateRiskZoneSuccess {
        data @prependNode(connections: $connections, edgeTypeName: "UserRiskZonesEdge") {
          id
          ...RiskZoneRow_riskZone
        }
        # The zone statistics after the new zone, from the payload (no screen query read again).
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

export type NewRiskZone = { location: string; riskLevel: RiskLevel; details: string };

const resultOf = (response: useCreateRiskZoneMutation$data) => response.createRiskZone;
const toError = refusals('ValidationError');

export function useCreateRiskZoneMutation(connectionId: string): [(zone: NewRiskZone) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<CreateRiskZoneMutation, ReturnType<typeof resultOf>>(mutation, resultOf, toError);
  const create = useCallback(
    async (zone: NewRiskZone) => {
      await commit({ input: zone, connections: [connectionId] });
    },
    [commit, connectionId],
  );
  return [create, inFlight];
}
