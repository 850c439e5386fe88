// The Pothos builder: plugins and context types only. Types live in schema/<noun>.ts.
import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import type { Context, Viewer } from './auth/context';
import { isProductionEnv } from './config';
import type PrismaTypes from './generated/pothos-types';
import { getDatamodel } from './generated/pothos-types';

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { loggedIn: boolean };
  // Inside a `loggedIn` field the viewer is known, so resolvers read ctx.viewer without `!`.
  AuthContexts: { loggedIn: Context & { viewer: Viewer } };
  DefaultFieldNullability: false;
  // Implemented in schema/scalars.ts.
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
    // A file part of a multipart request, as Yoga's parser hands it over (server/http/fetch-api.ts).
    File: { Input: File; Output: never };
  };
}>({
  defaultFieldNullability: false,
  // Scope auth first, so nothing else runs for a request it refuses.
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({ loggedIn: ctx.viewer !== null }),
    unauthorizedError: (_parent, ctx) =>
      ctx.viewer === null
        ? new GraphQLError(ctx.authError.message, {
            extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
          })
        : new GraphQLError('You are not allowed to do that.', { extensions: { code: 'FORBIDDEN' } }),
  },
  prisma: {
    // Each request's context carries the client, so tests and several apps can share a process.
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: isProductionEnv(process.env.NODE_ENV) ? null : 'warn',
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
  },
  errors: {
    defaultTypes: [],
  },
});
