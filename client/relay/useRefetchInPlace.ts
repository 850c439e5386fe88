// Refetching a list's fragment with new arguments (a search, a filter, a sort) without risking the screen:
// Relay's own refetch suspends and hands a network failure to the nearest error boundary, which replaces
// the whole screen (controls, typed search and all) with an error until a reload. Here the query is
// fetched first and retained; only once it has arrived does the fragment re-render from the store. While it
// loads the current rows stay, and a failure is returned for the list to show beside them with a retry.
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import {
  createOperationDescriptor,
  getRequest,
  type Disposable,
  type GraphQLTaggedNode,
  type OperationType,
  type Subscription,
  type Variables,
} from 'relay-runtime';

type RefetchFn<V> = (variables: Partial<V>, options: { fetchPolicy: 'store-only' }) => unknown;

export function useRefetchInPlace<Q extends OperationType>(
  query: GraphQLTaggedNode,
  /** The fragment's node id: the refetch query's `id` (Relay fills it in for the fragment's own refetch). */
  id: string,
  refetch: RefetchFn<Q['variables']>,
) {
  const environment = useRelayEnvironment();
  const [rendering, startTransition] = useTransition();
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef<{ subscription: Subscription; hold: Disposable } | null>(null);
  // The last page fetched stays retained until the next one arrives, so the store cannot drop it between
  // its arrival and the fragment's read.
  const held = useRef<Disposable | null>(null);
  const last = useRef<Partial<Q['variables']> | null>(null);

  useEffect(
    () => () => {
      inFlight.current?.subscription.unsubscribe();
      inFlight.current?.hold.dispose();
      held.current?.dispose();
    },
    [],
  );

  const run = useCallback(
    (variables: Partial<Q['variables']>) => {
      last.current = variables;
      // Only the newest request matters: an older answer arriving late must not replace it.
      inFlight.current?.subscription.unsubscribe();
      inFlight.current?.hold.dispose();
      setFailed(false);
      setFetching(true);
      const full = { ...variables, id } as Variables;
      const hold = environment.retain(createOperationDescriptor(getRequest(query), full));
      const subscription = fetchQuery<Q>(environment, query, full as Q['variables'], { fetchPolicy: 'network-only' }).subscribe({
        complete: () => {
          inFlight.current = null;
          held.current?.dispose();
          held.current = hold;
          setFetching(false);
          startTransition(() => void refetch(variables, { fetchPolicy: 'store-only' }));
        },
        error: () => {
          inFlight.current = null;
          hold.dispose();
          setFetching(false);
          setFailed(true);
        },
      });
      inFlight.current = { subscription, hold };
    },
    [environment, id, query, refetch],
  );

  /** Sends the last request again (after a failure). */
  const retry = useCallback(() => {
    if (last.current) run(last.current);
  }, [run]);

  return { run, retry, pending: fetching || rendering, failed };
}
