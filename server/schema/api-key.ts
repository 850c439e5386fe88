// ApiKey: keys for scripts (issue 11). The viewer's active keys, create (the secret is answered once)
// and revoke. Services: server/services/api-keys.ts.
import { builder } from '../builder';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors';
import type { ApiKey } from '../generated/prisma/client';
import { activeKeysWhere, createApiKey, revokeApiKey } from '../services/api-keys';
import { uuidOrNone } from '../services/ids';
import { typed } from './errors';
import { globalIdOf, rawIdOf } from './ids';
import { UserRef } from './user';

export const ApiKeyRef = builder.prismaNode('ApiKey', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id: uuidOrNone(id), AND: [{ ownerId: ctx.viewer?.uid ?? '' }] }),
  nullable: true,
  fields: (t) => ({
    keyId: t.exposeString('id', { description: 'The raw id (REST `id`, `DELETE /api/keys/{id}`).' }),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'The key’s first characters, to tell keys apart; never the key.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'To the minute.' }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  apiKeys: t.withAuth({ loggedIn: true }).relatedConnection('apiKeys', {
    description: 'The viewer’s API keys that still work (revoked ones are gone), newest first.',
    cursor: 'id',
    query: (_args, ctx) => ({ where: activeKeysWhere(ctx.viewer.uid), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  }),
}));

const CreatedApiKeyRef = builder.objectRef<{ apiKey: ApiKey; secret: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, nullable: false, resolve: (created) => created.apiKey }),
    secret: t.exposeString('secret', {
      description: 'The key, to send as `Authorization: Bearer <key>`. Shown this once: only its hash is kept.',
    }),
  }),
});

const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  fields: (t) => ({ name: t.string({ required: true, description: 'What the key is for (1–64 characters).' }) }),
});

builder.mutationField('createApiKey', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: CreatedApiKeyRef,
    nullable: false,
    description: 'A new API key for scripts. Needs a signed-in account (not a guest, not another key).',
    errors: { types: [ValidationError, ForbiddenError] },
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    resolve: (_root, { input }, ctx) => typed(() => createApiKey(ctx.db, ctx.viewer, input, ctx.analysis.limits.apiKeys)),
  }),
);

const RevokeApiKeyInput = builder.inputType('RevokeApiKeyInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

builder.mutationField('revokeApiKey', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: 'ID',
    nullable: false,
    description: 'Revokes the key at once; returns its global id.',
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: RevokeApiKeyInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => globalIdOf('ApiKey', (await revokeApiKey(ctx.db, ctx.viewer, rawIdOf(String(input.id), 'ApiKey'))).id)),
  }),
);
