// One Relay environment per signed-in account: it is replaced on every account change so one user's
// records never show on another user's screens.
import {
  Environment,
  Network,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
} from 'relay-runtime';
import { getAuthToken } from '../auth/session';

/** A GraphQL answer that carried no data: the screen's error boundary shows `message`. */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'GraphQLRequestError';
  }
}

type GraphQLErrorBody = { message?: string; extensions?: { code?: string } };

const fetchGraphQL: FetchFunction = async (request, variables) => {
  const token = await getAuthToken();
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json, application/json',
      // Yoga's CSRF prevention accepts only requests that carry this header.
      'x-graphql-yoga-csrf': '1',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: request.text, variables }),
  });
  let body: { data?: unknown; errors?: GraphQLErrorBody[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new GraphQLRequestError(`The server answered ${response.status} without a GraphQL result`, response.status, null);
  }
  // A refused session is the whole request's failure, even though GraphQL still answers `viewer: null`.
  const unauthenticated = body.errors?.find((error) => error.extensions?.code === 'UNAUTHENTICATED');
  if (unauthenticated) {
    throw new GraphQLRequestError(unauthenticated.message ?? 'Please sign in.', response.status, 'UNAUTHENTICATED');
  }
  if (body.data == null) {
    const first = body.errors?.[0];
    throw new GraphQLRequestError(
      first?.message ?? `The server answered ${response.status}`,
      response.status,
      first?.extensions?.code ?? null,
    );
  }
  return body as GraphQLResponse;
};

function createEnvironment(): Environment {
  return new Environment({ network: Network.create(fetchGraphQL), store: new Store(new RecordSource()) });
}

let current = createEnvironment();
const listeners = new Set<() => void>();

export function getRelayEnvironment(): Environment {
  return current;
}

export function resetRelayEnvironment(): void {
  current = createEnvironment();
  for (const listener of listeners) listener();
}

export function subscribeRelayEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
