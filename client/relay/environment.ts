// One Relay environment per signed-in account: it is replaced on every account change so one user's
// records never show on another user's screens. Loaded with the first screen that has server data (the
// signed-out screens ship without Relay).
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type SubscribeFunction,
} from 'relay-runtime';
import { getAuthToken, onUserChange } from '../auth/session';
import { multipartBody, operationDocument } from './multipart';
import { clearSessionRejection, rejectSession } from './sessionRejection';
import { readServerSentEvents } from './sse';

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
type GraphQLBody = { data?: unknown; errors?: GraphQLErrorBody[] };

async function requestHeaders(accept: string, json: boolean): Promise<Record<string, string>> {
  const token = await getAuthToken();
  return {
    // Multipart bodies set their own Content-Type, with the boundary.
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    Accept: accept,
    // Yoga's CSRF prevention accepts only requests that carry this header (multipart ones above all).
    'x-graphql-yoga-csrf': '1',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** Turns one GraphQL answer into Relay's response, or the error a screen's boundary shows. */
function interpret(body: GraphQLBody, status: number): GraphQLResponse {
  // A refused session is the whole request's failure, even though GraphQL still answers `viewer: null`.
  const unauthenticated = body.errors?.find((error) => error.extensions?.code === 'UNAUTHENTICATED');
  if (unauthenticated || status === 401) {
    rejectSession();
    throw new GraphQLRequestError(unauthenticated?.message ?? 'Please sign in.', status, 'UNAUTHENTICATED');
  }
  if (body.data == null) {
    const first = body.errors?.[0];
    throw new GraphQLRequestError(first?.message ?? `The server answered ${status}`, status, first?.extensions?.code ?? null);
  }
  return body as GraphQLResponse;
}

const fetchGraphQL: FetchFunction = async (request, variables, _cacheConfig, uploadables) => {
  const body = uploadables
    ? multipartBody(operationDocument(request), variables, uploadables)
    : JSON.stringify({ ...operationDocument(request), variables });
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: await requestHeaders('application/graphql-response+json, application/json', !uploadables),
    body,
  });
  let parsed: GraphQLBody;
  try {
    parsed = (await response.json()) as GraphQLBody;
  } catch {
    if (response.status === 401) return interpret({}, 401);
    throw new GraphQLRequestError(`The server answered ${response.status} without a GraphQL result`, response.status, null);
  }
  return interpret(parsed, response.status);
};

/**
 * Subscriptions over server-sent events (Yoga's `text/event-stream` answer to a POST). EventSource cannot
 * send the bearer token, so the stream is read from fetch(); unsubscribing aborts the request.
 */
const subscribeGraphQL: SubscribeFunction = (request, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    const controller = new AbortController();
    void (async () => {
      try {
        const response = await fetch('/graphql', {
          method: 'POST',
          credentials: 'same-origin',
          headers: await requestHeaders('text/event-stream', true),
          body: JSON.stringify({ ...operationDocument(request), variables }),
          signal: controller.signal,
        });
        if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
          // Errors before the stream starts come back as an ordinary GraphQL answer.
          const parsed = (await response.json().catch(() => ({}))) as GraphQLBody;
          sink.next(interpret(parsed, response.status));
          sink.complete();
          return;
        }
        for await (const event of readServerSentEvents(response.body)) {
          if (event.event === 'complete') break;
          if ((event.event === 'next' || event.event === 'message') && event.data) {
            sink.next(interpret(JSON.parse(event.data) as GraphQLBody, response.status));
          }
        }
        sink.complete();
      } catch (error) {
        if (!controller.signal.aborted) sink.error(error instanceof Error ? error : new Error(String(error)));
      }
    })();
    return () => controller.abort();
  });

function createEnvironment(): Environment {
  return new Environment({ network: Network.create(fetchGraphQL, subscribeGraphQL), store: new Store(new RecordSource()) });
}

let current = createEnvironment();
const listeners = new Set<() => void>();

export function getRelayEnvironment(): Environment {
  return current;
}

export function resetRelayEnvironment(): void {
  current = createEnvironment();
  clearSessionRejection();
  for (const listener of listeners) listener();
}

// A new account gets a fresh Relay store, so nothing cached for one user is shown to the next.
onUserChange(() => resetRelayEnvironment());

export function subscribeRelayEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
