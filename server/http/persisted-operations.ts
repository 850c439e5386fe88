// Persisted operations (issue 12). The Relay compiler persists every operation of the client
// (relay.config.js `persistConfig`) into persisted-queries.json, {MD5 id: text}; the client sends only
// `documentId` and its variables, and this plugin puts the stored text in its place. In production the
// browser may send nothing else: an operation with its own text ("ad-hoc") is refused unless the
// deployment allows ad-hoc GraphQL (GRAPHQL_ADHOC_QUERIES=allow, for internal tools; every other limit —
// depth, aliases, cost, list sizes — still applies). In development ad-hoc text is accepted (tests, GraphiQL).
import { readFileSync } from 'node:fs';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const DOCUMENTS_FILE = new URL('../../persisted-queries.json', import.meta.url);

export const UNKNOWN_DOCUMENT_MESSAGE = 'Unknown persisted operation. Reload the page to get the current version of the app.';
export const ADHOC_REFUSED_MESSAGE = 'This server accepts only the operations of its own app (persisted operations).';

export function loadPersistedDocuments(file: URL | string = DOCUMENTS_FILE): ReadonlyMap<string, string> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(parsed));
}

const badRequest = (message: string, code: string) => new GraphQLError(message, { extensions: { code, http: { status: 400 } } });

export function persistedOperations(options: { documents: ReadonlyMap<string, string>; allowAdhoc: boolean }): Plugin {
  return {
    // A refusal is thrown, so no later hook looks at the request (Yoga answers it with its status, 400).
    onParams({ params, setParams }) {
      const { documentId, ...rest } = params as typeof params & { documentId?: unknown };
      if (documentId !== undefined && documentId !== null) {
        const query = typeof documentId === 'string' ? options.documents.get(documentId) : undefined;
        if (query === undefined) throw badRequest(UNKNOWN_DOCUMENT_MESSAGE, 'PERSISTED_QUERY_NOT_FOUND');
        setParams({ ...rest, query });
        return;
      }
      if (!options.allowAdhoc && typeof params.query === 'string') throw badRequest(ADHOC_REFUSED_MESSAGE, 'PERSISTED_QUERY_ONLY');
    },
  };
}
