// API keys for scripts over REST: list, create (the key is in this one answer), revoke.
import { requireViewer } from '../auth/context';
import type { ApiKey } from '../generated/prisma/client';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys';
import { json } from './errors';
import type { Route } from './router';
import { jsonObject, parseBody } from './schemas';

export function apiKeyRecord(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}

export const apiKeyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/keys',
    async handle(req) {
      const ctx = await req.context();
      return json((await listApiKeys(ctx.db, requireViewer(ctx))).map(apiKeyRecord));
    },
  },
  {
    method: 'POST',
    path: '/api/keys',
    async handle(req) {
      const ctx = await req.context();
      const viewer = requireViewer(ctx);
      const { apiKey, secret } = await createApiKey(
        ctx.db,
        viewer,
        await parseBody(jsonObject, req.request, 'Expected a JSON object with `name`.'),
        ctx.analysis.limits.apiKeys,
      );
      return json({ ...apiKeyRecord(apiKey), key: secret }, { status: 201 });
    },
  },
  {
    method: 'DELETE',
    path: '/api/keys/:id',
    async handle(req) {
      const ctx = await req.context();
      await revokeApiKey(ctx.db, requireViewer(ctx), req.params.id);
      return new Response(null, { status: 204 });
    },
  },
];
