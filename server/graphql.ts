// GraphQL over HTTP: Yoga serving the Pothos schema at /graphql, hardened (armor limits, CSRF
// prevention, masked errors, no introspection in production).
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import { UPLOAD_MESSAGES } from '../common/constants';
import type { Context, ContextFactory } from './auth/context';
import { AppError, RateLimitedError } from './domain/errors';
import { fetchAPI, isFilePart, MAX_REQUEST_BYTES } from './http/fetch-api';
import { loadPersistedDocuments, persistedOperations } from './http/persisted-operations';
import { schema } from './schema/index';

/** The most items any list in a request's variables may hold (`nodes(ids:)` and every other list argument). */
export const MAX_LIST_ITEMS = 100;

function longestList(value: unknown, depth = 0): number {
  // A file part is a value, not a list (the server's File keeps its chunks in an array).
  if (depth > 8 || value === null || typeof value !== 'object' || isFilePart(value)) return 0;
  const items = Array.isArray(value) ? value : Object.values(value);
  let longest = Array.isArray(value) ? value.length : 0;
  for (const item of items) {
    longest = Math.max(longest, longestList(item, depth + 1));
    if (longest > MAX_LIST_ITEMS) break;
  }
  return longest;
}

// Work is bounded before it starts: a list argument of thousands of ids (sent as a variable; literals are
// capped by the token limit) is refused before parsing, context or any resolver, so it cannot hold the
// server while other requests wait.
const boundedLists: Plugin = {
  onParams({ params, setResult }) {
    const longest = longestList(params.variables);
    if (longest > MAX_LIST_ITEMS) {
      setResult({
        errors: [
          new GraphQLError(`A list in this request has ${longest} items; at most ${MAX_LIST_ITEMS} are accepted.`, {
            extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
          }),
        ],
      });
    }
  },
};

// An upload over the limit never reaches a resolver: a multipart request that declares more than
// MAX_REQUEST_BYTES is refused before a byte is read, and the form parser cuts a longer file part off
// while it streams (server/http/fetch-api.ts). Either way the specification's message comes back as the
// request's error, with 413, instead of Yoga's "Request body too large".
function uploadTooLargeError(): GraphQLError {
  return new GraphQLError(UPLOAD_MESSAGES.tooLarge, { extensions: { code: 'PAYLOAD_TOO_LARGE', http: { status: 413 } } });
}

const uploadTooLarge: Plugin = {
  onRequestParse({ request, requestParser, setRequestParser }) {
    if (!requestParser || !/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) return;
    if (Number(request.headers.get('content-length')) > MAX_REQUEST_BYTES) throw uploadTooLargeError();
    setRequestParser(async (parsed) => {
      try {
        return await requestParser(parsed);
      } catch (error) {
        if (error instanceof GraphQLError && error.extensions.code === 'REQUEST_ENTITY_TOO_LARGE') throw uploadTooLargeError();
        throw error;
      }
    });
  },
};

const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

// GraphQL errors raised on purpose (scope-auth's UNAUTHENTICATED/FORBIDDEN, armor limits) pass
// unchanged; a domain error (AppError) not declared as a typed result keeps its code and
// message; anything else is logged here and reaches the client only as "Unexpected error.".
function mask(error: unknown, message: string): Error {
  const cause = rootCause(error);
  if (cause instanceof GraphQLError) return error as GraphQLError;
  if (cause instanceof AppError) {
    // Also reached by the context factory's errors (no GraphQLError around them): an identity provider
    // that did not answer is a 503 with Retry-After, as on the REST paths.
    const retryAfter = (cause as AppError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
    const http =
      cause.code === 'UNAUTHENTICATED'
        ? { http: { status: 401 } }
        : (cause.code === 'UNAVAILABLE' || cause.code === 'RATE_LIMITED') && typeof retryAfter === 'number'
          ? { http: { status: cause.code === 'UNAVAILABLE' ? 503 : 429, headers: { 'retry-after': String(retryAfter) } } }
          : {};
    return new GraphQLError(cause.message, {
      nodes: error instanceof GraphQLError ? error.nodes : undefined,
      path: error instanceof GraphQLError ? error.path : undefined,
      extensions: { code: cause.code, ...http },
    });
  }
  console.error('[graphql] unexpected error:', cause);
  return maskError(error, message, false);
}

export function createGraphqlHandler(deps: { contextFactory: ContextFactory; production: boolean; allowAdhocQueries: boolean }) {
  return createYoga<Record<string, unknown>, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    // Multipart requests (uploads) are parsed by the fetch API's form parser, which caps a file part
    // while it streams in (server/http/fetch-api.ts).
    fetchAPI,
    maxRequestBodySize: MAX_REQUEST_BYTES,
    context: async ({ request }) => {
      try {
        return await deps.contextFactory(request);
      } catch (error) {
        // An API key past its per-minute limit: refused before any resolver, as REST refuses it.
        if (error instanceof RateLimitedError) {
          throw new GraphQLError(error.message, {
            extensions: {
              code: error.code,
              http: { status: 429, headers: { 'retry-after': String(error.retryAfterSeconds) } },
            },
          });
        }
        throw error;
      }
    },
    maskedErrors: { maskError: mask },
    graphiql: !deps.production,
    landingPage: false,
    logging: {
      debug: () => {},
      info: deps.production ? (...args: unknown[]) => console.info(...args) : () => {},
      warn: (...args: unknown[]) => console.warn(...args),
      // Yoga calls this with every error mask() replaced: a domain error is an expected answer (its service
      // logged one line if it needed one: a provider failure), and mask() has already logged anything
      // unexpected with its cause. Logging them again here wrote a stack trace per failed suggestion.
      error: () => {},
    },
    plugins: [
      // Browsers cannot send a custom header cross-site without a preflight, so requiring one
      // blocks CSRF through "simple" requests (GET, form and multipart posts).
      useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }),
      // Before anything reads the operation: a documentId becomes the persisted text it names.
      persistedOperations({ documents: loadPersistedDocuments(), allowAdhoc: deps.allowAdhocQueries }),
      uploadTooLarge,
      boundedLists,
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        maxAliases: { n: 15 },
        // Cost follows the fields a request selects, not how the client groups them into fragments (Relay
        // co-locates a fragment per component, and a fragment of fragments would otherwise cost 1.5x per level).
        costLimit: { maxCost: 5000, flattenFragments: true },
        maxTokens: { n: 4000 },
        maxDirectives: { n: 50 },
        blockFieldSuggestion: { enabled: deps.production },
      }),
      ...(deps.production ? [noIntrospection] : []),
    ],
  });
}
