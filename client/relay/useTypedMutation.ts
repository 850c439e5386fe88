// The one mutation hook behind every `use<Verb><Noun>Mutation`: a Relay mutation whose payload is a typed
// result (`… on Success { data }`, `… on Error { message }`) as a promise of its `data`. An error result
// rejects with `toError(result)`: by default an Error with the server's message; `refusals(...)` makes the
// listed error types UserFacingErrors, whose message a form shows as it is.
import { useCallback } from 'react';
import { useMutation, type UseMutationConfig } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';

/** An expected refusal (validation, rate limit) whose message is meant for the user. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

export type TypedResult = { readonly __typename: string; readonly data?: unknown; readonly message?: string | null };

/** Errors of these GraphQL types are shown to the user as they are; any other is an Error. */
export function refusals(...types: string[]) {
  return (result: TypedResult): Error =>
    result.message && types.includes(result.__typename)
      ? new UserFacingError(result.message)
      : new Error(result.message ?? `The server answered ${result.__typename}`);
}

const anyError = refusals();

/** Per call: files to send as multipart parts, and a store updater beside the payload's own directives. */
export type CommitOptions<M extends MutationParameters> = Pick<UseMutationConfig<M>, 'uploadables' | 'updater'>;

/**
 * `resultOf` picks the mutation's typed result from the response; it and `toError` should be module-level
 * functions (they are dependencies of the returned callback).
 */
export function useTypedMutation<M extends MutationParameters, R extends TypedResult>(
  mutation: GraphQLTaggedNode,
  resultOf: (response: M['response']) => R,
  toError: (result: R) => Error = anyError,
): [(variables: M['variables'], options?: CommitOptions<M>) => Promise<NonNullable<R['data']>>, boolean] {
  const [commit, inFlight] = useMutation<M>(mutation);
  const run = useCallback(
    (variables: M['variables'], options: CommitOptions<M> = {}) =>
      new Promise<NonNullable<R['data']>>((resolve, reject) => {
        commit({
          ...options,
          variables,
          onCompleted: (response) => {
            const result = resultOf(response);
            if (result.data) resolve(result.data as NonNullable<R['data']>);
            else reject(toError(result));
          },
          onError: reject,
        });
      }),
    [commit, resultOf, toError],
  );
  return [run, inFlight];
}
