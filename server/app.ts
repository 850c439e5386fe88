// The product's HTTP surface as one fetch-style app: GraphQL at /graphql, the REST compatibility
// paths, and (when built) the client. Tests call `app.fetch(request)` without opening a port;
// server/index.ts only listens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { createContextFactory } from './auth/context.js';
import type { TokenVerifier } from './auth/firebase.js';
import type { Config } from './config.js';
import type { Db } from './db.js';
import { createGraphqlHandler } from './graphql.js';
import { createStaticHandler } from './http/static.js';
import { authRoutes } from './rest/auth.js';
import { clientConfigRoutes } from './rest/client-config.js';
import { healthRoutes } from './rest/health.js';
import { createRestHandler, notFoundResponse } from './rest/router.js';

export interface AppDeps {
  config: Config;
  db: Db;
  verifier: TokenVerifier;
  /** The built client (dist/client); null serves no client (tests, API-only deployments). */
  clientDir?: string | null;
}

/**
 * Runs on Node's request before the fetch app; returns true when it has answered. This is the
 * seam for multipart GraphQL uploads: graphql-upload-minimal's processRequest needs Node's
 * request object, so an upload pre-handler parses the parts here and passes the operation on.
 */
export type NodePreHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface App {
  fetch(request: Request): Promise<Response>;
  /** For `http.createServer(app.handleNode)`. */
  handleNode(req: IncomingMessage, res: ServerResponse): void;
  dispose(): Promise<void>;
}

export function createApp(deps: AppDeps, preHandlers: NodePreHandler[] = []): App {
  const contextFactory = createContextFactory({ db: deps.db, verifier: deps.verifier });
  const yoga = createGraphqlHandler({ contextFactory, production: deps.config.production });
  const rest = createRestHandler(
    [...authRoutes, ...clientConfigRoutes(deps.config), ...healthRoutes(deps.db)],
    contextFactory,
  );
  const client = deps.clientDir ? createStaticHandler(deps.clientDir) : null;

  const handle = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/graphql') return yoga.fetch(request);
    return (await rest(request)) ?? (await client?.(request)) ?? notFoundResponse(pathname);
  };
  const adapter = createServerAdapter(handle);

  return {
    fetch: handle,
    handleNode(req, res) {
      void (async () => {
        for (const pre of preHandlers) if (await pre(req, res)) return;
        await adapter.requestListener(req, res);
      })().catch((error: unknown) => {
        console.error('[http] request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal server error' } }));
      });
    },
    dispose: async () => {
      await yoga.dispose();
    },
  };
}
