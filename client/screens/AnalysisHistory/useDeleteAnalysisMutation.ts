import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useDeleteAnalysisMutation as DeleteAnalysisMutation } from '../../__generated__/useDeleteAnalysisMutation.graphql';

const mutation = graphql`
  mutation useDeleteAnalysisMutation($input: DeleteAnalysisInput!, $connections: [ID!]!) {
    deleteAnalysis(input: $input) {
      __typename
      ... on MutationDeleteAnalysisSuccess {
        data @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes an analysis (the server removes its image when nothing else uses it) and its card. */
export function useDeleteAnalysisMutation(connectionId: string): [(id: string) => Promise<void>, boolean] {
  const [commit, inFlight] = useMutation<DeleteAnalysisMutation>(mutation);
  const remove = useCallback(
    (id: string) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { id }, connections: [connectionId] },
          // @deleteEdge drops the card; the count of matching analyses drops with it.
          updater: (store, response) => {
            if (response?.deleteAnalysis.__typename !== 'MutationDeleteAnalysisSuccess') return;
            const connection = store.get(connectionId);
            const total = connection?.getValue('totalCount');
            if (connection && typeof total === 'number') connection.setValue(Math.max(0, total - 1), 'totalCount');
          },
          onCompleted: ({ deleteAnalysis: result }) => {
            if (result.data) resolve();
            else reject(new Error(result.message ?? `deleteAnalysis answered ${result.__typename}`));
          },
          onError: reject,
        });
      }),
    [commit, connectionId],
  );
  return [remove, inFlight];
}
