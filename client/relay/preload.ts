// Route loaders start each screen's query before the screen renders (render-as-you-fetch).
import { loadQuery, type PreloadedQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType, VariablesOf } from 'relay-runtime';
import { getRelayEnvironment } from './environment';

const latest = new Map<GraphQLTaggedNode, PreloadedQuery<OperationType>>();

/**
 * Loads `query` for a screen, releasing the previous reference of the same query: a screen shows one
 * reference at a time, and Relay's release buffer keeps the released data until the new answer arrives.
 */
export function preloadQuery<T extends OperationType>(query: GraphQLTaggedNode, variables: VariablesOf<T>): PreloadedQuery<T> {
  latest.get(query)?.dispose();
  const reference = loadQuery<T>(getRelayEnvironment(), query, variables, { fetchPolicy: 'store-and-network' });
  latest.set(query, reference as PreloadedQuery<OperationType>);
  return reference;
}
