import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type {
  useDeleteAnalysisMutation as DeleteAnalysisMutation,
  useDeleteAnalysisMutation$data,
} from '../../__generated__/useDeleteAnalysisMutation.graphql';
import { useTypedMutation } from '../../relay/useTypedMutation';

const mutation = graphql`
  mutation useDeleteAnalysisMutation($input: DeleteAnalysisInput!, $connections: [ID!]!) {
    deleteAnalysis(input: $input) {
      __typename
      ... on MutationDeleteAnalysisSuccess {
        data @deleteEdge(connections: $connections)
        # The statistics after the delete, from the payload (no screen query read again).
        viewer {
          ...AnalysisStatisticsPanel_user
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const resultOf = (response: useDeleteAnalysisMutation$data) => response.deleteAnalysis;

/** Deletes an analysis (the server removes its image when nothing else uses it) and its card. */
export function useDeleteAnalysisMutation(connectionId: string): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useTypedMutation<DeleteAnalysisMutation, ReturnType<typeof resultOf>>(mutation, resultOf);
  const remove = useCallback(
    async (id: string) => {
      await commit(
        { input: { id }, connections: [connectionId] },
        {
          // @deleteEdge drops the card; the count of matching analyses drops with it.
          updater: (store, response) => {
            if (response?.deleteAnalysis.__typename !== 'MutationDeleteAnalysisSuccess') return;
            const connection = store.get(connectionId);
            const total = connection?.getValue('totalCount');
            if (connection && typeof total === 'number') connection.setValue(Math.max(0, total - 1), 'totalCount');
          },
        },
      );
    },
    [commit, connectionId],
  );
  return [remove, inFlight];
}
