// A Relay mutation whose payload is a typed result (`… on Error { message }`) as a promise: resolves when
// the payload carries `data`, rejects with the error's message (in the product's words) otherwise.
import type { UseMutationConfig } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';

type TypedResult = { readonly __typename: string; readonly data?: unknown; readonly message?: string | null };

export function commitAsPromise<M extends MutationParameters>(
  commit: (config: UseMutationConfig<M>) => unknown,
  variables: M['variables'],
  resultOf: (response: M['response']) => TypedResult,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    commit({
      variables,
      onCompleted: (response) => {
        const result = resultOf(response);
        if (result.data) resolve();
        else reject(new Error(result.message ?? `The server answered ${result.__typename}`));
      },
      onError: reject,
    });
  });
}
