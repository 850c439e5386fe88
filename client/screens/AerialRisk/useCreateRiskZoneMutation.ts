import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type {
  RiskLevel,
  useCreateRiskZoneMutation as CreateRiskZoneMutation,
} from '../../__generated__/useCreateRiskZoneMutation.graphql';
import { UserFacingError } from '../../components/analysis/uploadErrors';

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
      }
      ... on Error {
        message
      }
    }
  }
`;

export type NewRiskZone = { location: string; riskLevel: RiskLevel; details: string };

export function useCreateRiskZoneMutation(connectionId: string): [(zone: NewRiskZone) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<CreateRiskZoneMutation>(mutation);
  const create = useCallback(
    (zone: NewRiskZone) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: zone, connections: [connectionId] },
          onCompleted: ({ createRiskZone: result }) => {
            if (result.data) resolve();
            else if (result.message && result.__typename === 'ValidationError') reject(new UserFacingError(result.message));
            else reject(new Error(result.message ?? `createRiskZone answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
  return [create, inFlight];
}
